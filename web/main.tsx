import "./style.css";
// Each page imports its stylesheets; they are imported here first too, so that their order in
// app.css (the cascade: the later wins a tie) is this one, whatever the order of the routes below.
import "./pages/owner/apply.css";
import "./pages/shared/public.css";
import "./pages/shared/wallet.css";
import "./pages/owner/console.css";
import "uplot/dist/uPlot.min.css";
import "./pages/shared/webhooks/webhooks.css";
import "./pages/operator/console.css";
import type { JSX } from "preact";
import { render } from "preact";
import { PAGE_PATHS, type PageName } from "../src/domain/pages.js";
import { OperatorPage } from "./pages/operator/console.js";
import { ApplicationPage } from "./pages/owner/application.js";
import { ApplyPage } from "./pages/owner/apply.js";
import { ConsolePage } from "./pages/owner/console.js";
import { JoinPage } from "./pages/player/join.js";
import { PassPage } from "./pages/player/pass.js";
import { BoardPage } from "./pages/public/board.js";
import { CampaignPage } from "./pages/public/campaign.js";
import { LeaderboardPage } from "./pages/public/leaderboard.js";
import { QuestPage } from "./pages/public/quest.js";
import { Layout } from "./ui/layout.js";

/** Each page by its name; its path is in src/domain/pages.ts, which the service answers 200. */
const PAGES: Record<PageName, (match: string[]) => JSX.Element> = {
  board: () => <BoardPage />,
  quest: ([id]) => <QuestPage id={id!} />,
  campaign: ([id]) => <CampaignPage id={id!} />,
  leaderboard: () => <LeaderboardPage />,
  pass: ([address]) => <PassPage address={address!} />,
  join: () => <JoinPage />,
  apply: () => <ApplyPage />,
  application: ([id]) => <ApplicationPage id={id!} />,
  ownerConsole: () => <ConsolePage />,
  operatorConsole: () => <OperatorPage />,
};

function App() {
  for (const [name, pattern] of Object.entries(PAGE_PATHS) as [PageName, RegExp][]) {
    const match = pattern.exec(location.pathname);
    if (match) return PAGES[name](match.slice(1).map(decodeURIComponent));
  }
  return (
    <Layout title="Page not found">
      <p>
        There is no page at <code>{location.pathname}</code>. <a href="/app">See the quests</a>.
      </p>
    </Layout>
  );
}

render(<App />, document.getElementById("root")!);

import "./style.css";
import type { JSX } from "preact";
import { render } from "preact";
import { ApplicationPage } from "./pages/application.js";
import { ApplyPage } from "./pages/apply.js";
import { BoardPage } from "./pages/board.js";
import { CampaignPage } from "./pages/campaign.js";
import { ConsolePage } from "./pages/console.js";
import { JoinPage } from "./pages/join.js";
import { LeaderboardPage } from "./pages/leaderboard.js";
import { OperatorPage } from "./pages/operator.js";
import { PassPage } from "./pages/pass.js";
import { QuestPage } from "./pages/quest.js";
import { Layout } from "./ui.js";

/** Each page by its path under /app; `:x` is a segment passed to the page. */
const ROUTES: [RegExp, (match: string[]) => JSX.Element][] = [
  [/^\/app\/?$/, () => <BoardPage />],
  [/^\/app\/quests\/([^/]+)\/?$/, ([id]) => <QuestPage id={id!} />],
  [/^\/app\/campaigns\/([^/]+)\/?$/, ([id]) => <CampaignPage id={id!} />],
  [/^\/app\/leaderboard\/?$/, () => <LeaderboardPage />],
  [/^\/app\/passes\/([^/]+)\/?$/, ([address]) => <PassPage address={address!} />],
  [/^\/app\/join\/?$/, () => <JoinPage />],
  [/^\/app\/apply\/?$/, () => <ApplyPage />],
  [/^\/app\/applications\/([^/]+)\/?$/, ([id]) => <ApplicationPage id={id!} />],
  [/^\/app\/console\/?$/, () => <ConsolePage />],
  [/^\/app\/operator\/?$/, () => <OperatorPage />],
];

function App() {
  for (const [pattern, page] of ROUTES) {
    const match = pattern.exec(location.pathname);
    if (match) return page(match.slice(1).map(decodeURIComponent));
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

/** Every page's frame: the banner with the main navigation, the main landmark, the footer. */
import type { ComponentChildren } from "preact";
import { useEffect } from "preact/hooks";

const NAV = [
  { href: "/app", label: "Quests" },
  { href: "/app/leaderboard", label: "Leaderboard" },
  { href: "/app/join", label: "Join" },
  { href: "/app/apply", label: "Apply" },
  { href: "/app/console", label: "Owner console" },
  { href: "/app/operator", label: "Operator" },
];

/** Every page's frame: a banner with the navigation, the main landmark, a footer. */
export function Layout(props: { title: string; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${props.title} · questpoints`;
  }, [props.title]);
  const here = location.pathname.replace(/\/$/, "") || "/app";
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="banner">
        <a class="brand" href="/app">
          questpoints
        </a>
        <nav aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={here === item.href ? "page" : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <h1>{props.title}</h1>
        {props.children}
      </main>
      <footer class="footer">
        <p>
          Built on the public HTTP API: <a href="/docs">API reference</a>
        </p>
      </footer>
    </>
  );
}

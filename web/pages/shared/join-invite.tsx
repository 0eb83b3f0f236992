/** The public pages' invitation to register a pass (`/app/join`). */
export function JoinInvite(props: { lead?: string }) {
  return (
    <p class="join-invite">
      {props.lead ?? "No pass registered yet?"} <a href="/app/join">Join to earn points</a>: sign in
      with your wallet once, and quests can pay points to your pass.
    </p>
  );
}

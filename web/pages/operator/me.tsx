/**
 * Who is signed in to the operator console, and what the role lets the console show: the
 * sections ask `useCan()(operationId)` and render a control only when it answers true (hidden,
 * not disabled). The role comes from `GET /admin/me`; what it allows from roles.ts.
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { mayDo, type Operation, ROLE_HINT, type SignedIn } from "./roles.js";

/** The signed-in operator, given by the console to every section. */
export const SignedInContext = createContext<SignedIn | null>(null);

/** Whether the signed-in operator may do an operation; nothing before `/admin/me` answered. */
export function useCan(): (operation: Operation) => boolean {
  const me = useContext(SignedInContext);
  return (operation) => me !== null && mayDo(me.role, operation);
}

/** The signed-in operator, or null before `/admin/me` answered. */
export const useSignedIn = () => useContext(SignedInContext);

/** "Signed in as Vera · viewer", with what the role may do. */
export function SignedInAs(props: { me: SignedIn }) {
  const { me } = props;
  return (
    <p class="op-who">
      Signed in as <strong>{me.name}</strong> · <span class="op-role">{me.role}</span>{" "}
      <span class="op-sub">({ROLE_HINT[me.role]})</span>
    </p>
  );
}

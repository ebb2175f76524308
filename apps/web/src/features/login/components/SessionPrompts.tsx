import { setSession, useSession } from '@/stores/session';
import { BindOrgDialog } from './BindOrgDialog';

/**
 * Session prompts for the signed-in shell: the bind-organisation dialog while the session says one
 * is due (spec §4.1: no last_logged_org and organisations to choose from). Mount once in the layout.
 */
export function SessionPrompts() {
  const due = useSession((s) => Boolean(s.token) && s.need_bind_org);
  return <BindOrgDialog open={due} onDone={() => setSession({ need_bind_org: false })} />;
}

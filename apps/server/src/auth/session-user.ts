/** The signed-in member of a request, as the session lookup finds it (plugins/auth.ts). */
export interface SessionUser {
  id: string;
  /** The id of the session this request came with. */
  sessionId: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

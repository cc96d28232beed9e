/** Where a visitor was headed before being sent to sign in (the guards set it, the login page reads it). */
export interface ReturnState {
  from?: string;
}

/**
 * Events the server pushes to a member over the realtime WebSocket (DECISIONS.md: real-time chat).
 * Published only after the transaction that caused them commits.
 */
export type RealtimeEvent =
  | { type: 'message'; conversation: number; message: unknown }
  | { type: 'typing'; conversation: number; profile: number }
  | { type: 'read'; conversation: number; profile: number; message: number }
  | { type: 'like'; profile: number }
  | { type: 'match'; profile: number }
  | { type: 'credits'; credits: number };

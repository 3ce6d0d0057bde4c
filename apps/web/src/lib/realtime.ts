import { platformCalls, type RealtimeClientMessage, type RealtimeEvent } from '@app/contracts';
import { useSyncExternalStore } from 'react';
import { dispatchRealtimeEvent } from './realtime-router';

/** Reconnect delays in milliseconds: doubling from `first` up to `max`, plus up to 25% jitter. */
export const RECONNECT_MS = { first: 1000, max: 30_000 } as const;
/** Close codes after which reconnecting is pointless until the session changes (see server gateway). */
const FINAL_CLOSE_CODES = new Set([4401, 4403]);

/** Delay before reconnect attempt `attempt` (0-based). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MS.max, RECONNECT_MS.first * 2 ** attempt);
  return Math.round(base + base * 0.25 * random());
}

type Status = 'idle' | 'connecting' | 'open' | 'closed';

let socket: WebSocket | null = null;
let status: Status = 'idle';
let wanted = false;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const statusListeners = new Set<() => void>();

function setStatus(next: Status): void {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${platformCalls.realtime.path}`;
}

function scheduleReconnect(): void {
  clearTimeout(timer);
  if (!wanted) return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // the 'online' event reconnects
  timer = setTimeout(open, reconnectDelay(attempt++));
}

function open(): void {
  if (!wanted || socket || typeof WebSocket === 'undefined') return;
  setStatus('connecting');
  const ws = new WebSocket(socketUrl());
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    setStatus('open');
  };
  ws.onmessage = (e) => {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(String(e.data)) as RealtimeEvent;
    } catch {
      return;
    }
    dispatchRealtimeEvent(event);
  };
  ws.onclose = (e) => {
    if (socket === ws) socket = null;
    setStatus('closed');
    if (FINAL_CLOSE_CODES.has(e.code)) return; // logged out or refused: the session refresh decides
    scheduleReconnect();
  };
}

function handleOnline(): void {
  attempt = 0;
  if (wanted && !socket) open();
}

function handleOffline(): void {
  // The browser says the network is gone (SPEC.md 4 online/offline): drop the socket, retry on 'online'.
  socket?.close();
}

/**
 * Keeps one WebSocket to the realtime path open while `wanted` (a member is logged in): reconnects
 * with exponential backoff, pauses while the browser is offline and reconnects when it is back.
 */
export function setRealtimeWanted(next: boolean): void {
  if (next === wanted) return;
  wanted = next;
  if (typeof window === 'undefined') return;
  if (wanted) {
    window.addEventListener('online', handleOnline);
    window.addEventListener('offline', handleOffline);
    attempt = 0;
    open();
    return;
  }
  window.removeEventListener('online', handleOnline);
  window.removeEventListener('offline', handleOffline);
  clearTimeout(timer);
  const ws = socket;
  socket = null;
  ws?.close();
  setStatus('idle');
}

/** Reconnects now (after a login: the old socket belonged to no one). */
export function reconnectRealtime(): void {
  const ws = socket;
  socket = null;
  ws?.close();
  attempt = 0;
  if (wanted) open();
}

/** Sends a message to the server when connected; dropped otherwise (typing signals are best effort). */
export function sendRealtime(message: RealtimeClientMessage): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

/** Whether the socket is open now. */
export function isRealtimeOpen(): boolean {
  return status === 'open';
}

/** The socket status, re-rendering on change. */
export function useRealtimeStatus(): Status {
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    () => status,
    () => 'idle' as Status,
  );
}

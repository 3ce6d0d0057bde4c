/** /unsubscribe?u=&k=&t=: the signed unsubscribe link of a notification mail, without login (issue: notifications). */
export function UnsubscribePage() {
  return null;
}

export { UnsubscribePage as Component };

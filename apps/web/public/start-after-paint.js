// Starts the member app after the page's first paint (docs/decisions/020). The server writes this
// script instead of the app's module script into pages that carry a snapshot of their content
// (/members, a profile, /chats), so on a slow connection the style and the snapshot's first photos
// have it to themselves until the snapshot shows; the app then starts and replaces the snapshot.
// The app's entry is this element's data-entry. Plain script, served as a file of its own.
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // The second frame's callback runs after the first paint; a page opened in a background tab gets
  // no frames, so a timer starts the app there.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  setTimeout(start, 1000);
})();

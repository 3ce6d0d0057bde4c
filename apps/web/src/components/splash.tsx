/** Small splash while the first screen loads (same look as the one in index.html). */
export function Splash() {
  return (
    <div className="boot-splash" aria-busy="true">
      <span />
    </div>
  );
}

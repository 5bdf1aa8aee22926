// The background service worker. The capture hub is wired here once it exists; for now it only
// proves the extension loads.
export default defineBackground(() => {
  // Intentionally empty until the hub lands.
});

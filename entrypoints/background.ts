// The background service worker: starts the capture hub (src/hub).
import '@/src/bridge/zod-without-eval';
import { startHub } from '@/src/hub/start-hub';

export default defineBackground(() => {
  startHub();
});

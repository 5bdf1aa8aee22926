// zod compiles a faster parser for each object schema from generated source where it may, and finds
// out whether it may by compiling an empty function once, when the first object schema is made. Every
// context of the extension (its pages, workers, service worker and content scripts) runs under a
// policy that forbids it: zod catches the throw, but Chrome still reports the blocked eval as an
// Issue, and for a content script that Issue shows in the DevTools of the page it runs in — an error
// on every page the user inspects that is the inspector's, not the page's. With `jitless` zod never
// tries. Each entry point imports this module first, before any module that makes a schema (zod reads
// the setting as it makes each one). The command line and the npm package keep the faster parsers.
import { config } from 'zod';

config({ jitless: true });

// The Agents panel page (also opened standalone as panel.html?tabId=<id>).
import { mountPanel } from '@/src/panel-minimal/mount';
import '@/src/panel-minimal/panel.css';

const root = document.getElementById('app');
if (root) mountPanel(root);

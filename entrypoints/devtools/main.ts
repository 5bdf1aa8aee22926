// Registers the "Agents" panel in DevTools; the panel page itself is panel.html.
browser.devtools.panels.create('Agents', '', 'panel.html');

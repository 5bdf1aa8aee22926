import { render } from 'preact';

// Placeholder panel until the panel issue lands: it tells the user what the panel will show.
function Placeholder() {
  return <p>Agent Stream Inspector: open a chat page to see its agent streams.</p>;
}

const root = document.getElementById('app');
if (root) render(<Placeholder />, root);

// Records the Content Security Policy violations the page is told of (/csp.html in
// transparency.test.ts): a capture hook in the page's own world that evaluated code would show here,
// and the site's report endpoint would get the same report.
var cspViolations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  cspViolations.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile });
});

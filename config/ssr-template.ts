/**
 * The HTML shell of every page. It differs from Docusaurus's default template in one
 * way: the app's scripts start after the browser has painted the server-rendered page.
 *
 * With `<script defer>`, a phone that already has the scripts (cache, fast link) runs them
 * before its first frame, so the reader waits for main.js to evaluate before seeing any text.
 * Here runtime and main are preloaded at low priority (their download still starts at once),
 * and every script of the page, the route's chunks included, is inserted in order
 * (`async = false`) once the browser reports the first contentful paint, so that paint never
 * waits for JavaScript. A browser without paint timing starts them at once;
 * a page that has not painted 3 s after its load event (a hidden tab paints nothing) starts
 * them then. The load event alone is no signal: on a fast link it can come before the paint.
 * The route's chunks are not preloaded from the head: Lighthouse's simulation counts every
 * request the head starts as a dependency of the largest paint, and preloading them moved the
 * guide's simulated LCP from 1.35 s to 1.8 s; asked for at first paint, they still download
 * alongside main.js instead of after it.
 */

/**
 * Runs inline at the end of <body>. It is the same on every page, so that the Content-Security-Policy
 * (config/security-headers.ts) allows it by one hash: the page's script URLs come from the JSON
 * data block before it, which browsers do not run and CSP does not govern.
 */
const startScriptsAfterFirstPaint = `(function () {
  var urls = JSON.parse(document.querySelector('script[__LIST_ATTRIBUTE__]').textContent);
  var started = false;
  // One script element per task: inserting one takes the browser up to 2 ms here (more on a
  // phone), and a page lists a dozen. async = false keeps them running in list order.
  function start() {
    if (started) return;
    started = true;
    var next = 0;
    var channel = new MessageChannel();
    channel.port1.onmessage = insertNext;
    insertNext();
    function insertNext() {
      var script = document.createElement('script');
      script.src = urls[next++];
      script.async = false;
      document.body.appendChild(script);
      if (next < urls.length) channel.port2.postMessage(null);
    }
  }
  var paintTiming = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes &&
    PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
  if (!paintTiming) {
    start();
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length > 0) {
      observer.disconnect();
      start();
    }
  }).observe({type: 'paint', buffered: true});
  window.addEventListener('load', function () {
    setTimeout(start, 3000);
  });
})();`;

/** The `data-app-scripts` attribute marks the JSON list of the page's scripts (the starter reads it; so do tests). */
export const appScriptsStarterAttribute = 'data-app-scripts';

/**
 * The page's scripts in the order they should run: the webpack runtime, the route's chunks
 * (listed by src/plugins/route-chunks-in-html), then the entry, so that when main.js asks for the
 * route's chunks they are already installed and it inserts no script elements of its own.
 * Docusaurus names the entry's file `main.<hash>.js` and the runtime's `runtime~main.<hash>.js`.
 */
const runtimeScript = String.raw`/(^|\/)runtime~main\./`;
const mainScript = String.raw`/(^|\/)main\./`;
const isEntryScript = `((s) => ${runtimeScript}.test(s) || ${mainScript}.test(s))`;
const scriptsInRunOrder = `[...it.scripts.filter((s) => ${runtimeScript}.test(s)),
  ...it.scripts.filter((s) => !${isEntryScript}(s)),
  ...it.scripts.filter((s) => ${mainScript}.test(s))]`;

export const ssrTemplate = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.filter(${isEntryScript}).forEach((script) => { %>
      <link rel="preload" href="<%= it.baseUrl %><%= script %>" as="script" fetchpriority="low">
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script ${appScriptsStarterAttribute} type="application/json"><%~ JSON.stringify(${scriptsInRunOrder}.map((script) => it.baseUrl + script)) %></script>
    <script>${startScriptsAfterFirstPaint.replace('__LIST_ATTRIBUTE__', appScriptsStarterAttribute)}</script>
  </body>
</html>
`;

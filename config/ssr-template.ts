/**
 * The HTML shell of every page (issue 5). It differs from Docusaurus's default template in one
 * way: the app's scripts start after the browser has painted the server-rendered page.
 *
 * With `<script defer>`, a phone that already has the scripts (cache, fast link) runs them
 * before its first frame, so the reader waits for main.js to evaluate before seeing any text.
 * Here the scripts are preloaded at low priority (the download still starts at once) and
 * inserted, in order (`async = false`), once the browser reports the first contentful paint,
 * so that paint never waits for JavaScript. A browser without paint timing starts them at once;
 * a page that has not painted 3 s after its load event (a hidden tab paints nothing) starts
 * them then. The load event alone is no signal: on a fast link it can come before the paint.
 */

/** Runs inline at the end of <body>; `__SCRIPTS__` becomes the JSON array of script URLs. */
const startScriptsAfterFirstPaint = `(function () {
  var urls = __SCRIPTS__;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    urls.forEach(function (url) {
      var script = document.createElement('script');
      script.src = url;
      script.async = false;
      document.body.appendChild(script);
    });
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

/** The `data-app-scripts` attribute lets tests find the starter. */
export const appScriptsStarterAttribute = 'data-app-scripts';

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
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" href="<%= it.baseUrl %><%= script %>" as="script" fetchpriority="low">
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script ${appScriptsStarterAttribute}>${startScriptsAfterFirstPaint.replace(
      '__SCRIPTS__',
      '<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>',
    )}</script>
  </body>
</html>
`;

/**
 * Paint first, then hydrate. Every page is complete and usable as server-rendered HTML; the ~145 KB
 * of JavaScript that hydrates it is not needed for the first paint. Fetched with the document (React
 * Router's module preloads sit in <head>), it shares a slow mobile connection with the stylesheet and
 * the fonts and, in Lighthouse's slow-4G model, pushed the first paint from about 1 s to 2.5–3 s.
 *
 * So root.tsx renders React Router's <Scripts /> inside <noscript id="rr-scripts">: while
 * JavaScript runs that content is inert text (nothing is fetched or executed), and React does not
 * hydrate it. START_AFTER_PAINT, right after it at the end of <body>:
 * - runs the classic script among them at once: it creates window.__reactRouterContext, which the
 *   streamed loader data that follows the body is written into;
 * - adds the module preloads and the module script that hydrates the page as soon as the browser
 *   reports the first contentful paint (at once for a page opened in a background tab, which does
 *   not paint; after 3 s at the latest).
 * The preloads are added just before the module script (a few elements per task), so the modules
 * still load in parallel, not as a chain of imports. Without JavaScript nothing changes.
 */
export const START_AFTER_PAINT = `(function(d){
var box=d.getElementById("rr-scripts");
var later=[];
if(box){
  var tpl=d.createElement("template");
  tpl.innerHTML=box.textContent;
  tpl.content.querySelectorAll("link,script").forEach(function(el){
    var copy=d.createElement(el.tagName);
    for(var i=0;i<el.attributes.length;i++)copy.setAttribute(el.attributes[i].name,el.attributes[i].value);
    if(el.tagName==="SCRIPT"){
      copy.text=el.text;
      if(el.type!=="module"){d.body.appendChild(copy);return;}
    }
    later.push(copy);
  });
}
var started=false;
function add(from){
  // A few elements per task: inserting two dozen preloads at once is a long task on a slow phone.
  later.slice(from,from+6).forEach(function(el){(el.tagName==="LINK"?d.head:d.body).appendChild(el);});
  if(from+6<later.length)setTimeout(add,0,from+6);
}
function start(){
  if(started)return;
  started=true;
  add(0);
}
if(d.visibilityState==="hidden"||!window.PerformanceObserver)return start();
try{
  new PerformanceObserver(function(list){
    if(list.getEntriesByName("first-contentful-paint").length)start();
  }).observe({type:"paint",buffered:true});
}catch(e){return start();}
setTimeout(start,3000);
})(document);`;

/* Material's partials/javascripts/content.html as a file (no inline script under the CSP); the
   content.tabs.link part is left out: the site does not use that feature. */
var target=document.getElementById(location.hash.slice(1));target&&target.name&&(target.checked=target.name.startsWith("__tabbed_"))

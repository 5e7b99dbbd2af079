/* Run in <head>, before the page paints. A file, not an inline script, so that the Content-Security-Policy
   (pipeline/site/csp.py) allows no inline script. Material's partials/javascripts/base.html, its scope being
   the site's root (this file's folder's parent) instead of the page's base_url: the same URL. */
__md_scope=new URL("..",document.currentScript.src),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}};
/* Apply the remembered spelling before the page paints (edition.js keeps it in localStorage). */
try{if(localStorage.getItem("edition.spelling")==="modern"){document.documentElement.dataset.spelling="modern"}}catch(e){}

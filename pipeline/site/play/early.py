"""The board's one inline script: it starts the engine's worker from <head>, while the page and the theme are still
being parsed (board.mjs takes the worker over, with the messages it sent meanwhile). Its text is the same on every
page — the worker's URL and the game come in data attributes — so the site's Content-Security-Policy allows it by its
hash (pipeline/site/csp.py) and no other inline script. Plain Python (no MkDocs): the server imports the policy too.
"""
from __future__ import annotations

EARLY_WORKER_JS = ('(function(){try{var d=document.currentScript.dataset,w=new Worker(d.worker,{type:"module",'
                   'name:"edition-engine:"+d.game});w.early=[];w.onmessage=function(e){w.early.push(e.data)};'
                   'w.onerror=function(e){e.preventDefault();w.early.push({failed:"worker.mjs: "+(e.message||"load error")})};'
                   'window.editionPlayWorker=w}catch(e){}})()')

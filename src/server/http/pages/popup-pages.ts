import type { FastifyInstance } from 'fastify';
import { answers, textFile } from '../plugins/responses.ts';

/**
 * The stylesheet and script of the server-rendered pages shown inside the sign-in popup (the local
 * account chooser and the result page; html.ts writes them). They obey the same CSP as the app: one
 * stylesheet and one script, both served here.
 */

const POPUP_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5ff;color:#1e1b4b;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
.card{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(79,70,229,.12);padding:28px;width:100%;max-width:420px}
h1{font-size:1.25rem;margin:0 0 4px}
p{margin:0 0 16px;color:#4b5563;font-size:.95rem;line-height:1.45}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:.75rem;font-weight:600;margin-bottom:12px}
.accounts{list-style:none;margin:0 0 16px;padding:0;display:grid;gap:8px}
.account{width:100%;text-align:left;background:#fff;border:1px solid #e0e7ff;border-radius:12px;padding:10px 12px;cursor:pointer;display:flex;gap:12px;align-items:center;font:inherit;color:inherit}
.account:hover,.account:focus-visible{border-color:#4f46e5;background:#eef2ff;outline:none}
.avatar{flex:none;width:36px;height:36px;border-radius:50%;background:#4f46e5;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700}
.who{display:flex;flex-direction:column;min-width:0}.who strong,.who span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.who span{color:#6b7280;font-size:.85rem}
label{display:block;font-weight:600;font-size:.875rem;margin:12px 0 4px}
input{width:100%;padding:10px 12px;border:1px solid #c7d2fe;border-radius:10px;font:inherit}
input:focus{outline:2px solid #4f46e5;outline-offset:1px}
.primary{margin-top:18px;width:100%;background:#4f46e5;color:#fff;border:0;border-radius:10px;padding:11px;font:inherit;font-weight:600;cursor:pointer}
.primary:hover,.primary:focus-visible{background:#4338ca}
.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:10px;padding:10px 12px;margin-bottom:12px;font-size:.9rem}
.divider{display:flex;align-items:center;gap:8px;color:#9ca3af;font-size:.8rem;margin:8px 0}.divider::before,.divider::after{content:"";flex:1;border-top:1px solid #e5e7eb}
`;

/**
 * Runs in the popup after the callback: tells the opener (BroadcastChannel works even when a
 * provider's Cross-Origin-Opener-Policy cut window.opener), then closes the popup.
 */
const POPUP_SCRIPT = `(function(){
var el=document.getElementById('popup-data');if(!el)return;
var data=JSON.parse(el.textContent||'{}');var message={type:'listsync:auth',ok:!!data.ok,code:data.code||null,message:data.message||null};
try{var channel=new BroadcastChannel('listsync-auth');channel.postMessage(message);channel.close();}catch(e){}
try{if(window.opener&&!window.opener.closed){window.opener.postMessage(message,window.location.origin);}}catch(e){}
var close=document.getElementById('close-popup');if(close){close.addEventListener('click',function(){window.close();});}
if(data.ok){setTimeout(function(){window.close();},150);}
})();`;

const SCHEMAS = {
  css: {
    tags: ['pages'],
    response: answers({ 200: textFile('text/css', "The sign-in popup's stylesheet") }),
  },
  js: {
    tags: ['pages'],
    response: answers({ 200: textFile('text/javascript', "The sign-in popup's script") }),
  },
};

export function registerPopupAssets(app: FastifyInstance): void {
  app.get(
    '/api/auth/popup.css',
    { schema: SCHEMAS.css, config: { withoutDatabase: true } },
    async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(POPUP_CSS),
  );
  app.get(
    '/api/auth/popup.js',
    { schema: SCHEMAS.js, config: { withoutDatabase: true } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(POPUP_SCRIPT),
  );
}

/** The console's one stylesheet: dense tables, clear states, readable at 3 a.m. on a phone. */
export const CONSOLE_CSS = `
:root{--bg:#f4f6f9;--panel:#fff;--ink:#18212f;--muted:#5b6778;--line:#dfe4ec;--accent:#1f5fbf;--accent-ink:#fff;
--ok:#137a3f;--ok-bg:#e3f5ea;--warn:#8a5a00;--warn-bg:#fff3d6;--bad:#b42318;--bad-bg:#fde8e6;--neutral-bg:#eef1f5;--top:#111827}
*{box-sizing:border-box}
html{font-size:15px}
body{margin:0;background:var(--bg);color:var(--ink);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;line-height:1.45}
a{color:var(--accent)}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.86em}
.topbar{display:flex;align-items:center;gap:1.25rem;background:var(--top);color:#e5e7eb;padding:.6rem 1.25rem;flex-wrap:wrap;position:sticky;top:0;z-index:5}
.brand{color:#fff;text-decoration:none;font-weight:700;white-space:nowrap}
.brand-mark{color:#fbbf24}
.brand-sub{font-weight:500;color:#9ca3af;font-size:.85rem;margin-left:.2rem}
.nav{display:flex;gap:.25rem;flex-wrap:wrap;flex:1}
.nav a{color:#d1d5db;text-decoration:none;padding:.35rem .6rem;border-radius:6px;font-size:.92rem}
.nav a:hover{background:#1f2937;color:#fff}
.nav a.active{background:#2d3b55;color:#fff}
.who{display:flex;align-items:center;gap:.5rem;font-size:.9rem;white-space:nowrap}
.who-name{color:#fff}
.content{max-width:1280px;margin:0 auto;padding:1.25rem}
h1{font-size:1.45rem;margin:.25rem 0 1rem}
h2{font-size:1.1rem;margin:0 0 .75rem}
h3{font-size:.95rem;margin:1rem 0 .5rem;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
h3.plain{text-transform:none;letter-spacing:0;color:var(--ink)}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));margin-bottom:1rem}
.panel{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:1rem 1.1rem;margin-bottom:1rem;overflow-x:auto}
.grid>.panel{margin:0}
.panel-head{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;flex-wrap:wrap}
.stat{font-size:1.9rem;font-weight:700;line-height:1.1;font-variant-numeric:tabular-nums}
.stat-label{color:var(--muted);font-size:.85rem}
.stat-bad{color:var(--bad)}.stat-warn{color:var(--warn)}.stat-ok{color:var(--ok)}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-weight:600;color:var(--muted);font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;white-space:nowrap}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tr:hover td{background:#fafbfd}
.badge{display:inline-block;padding:.08rem .5rem;border-radius:999px;font-size:.78rem;font-weight:600;background:var(--neutral-bg);color:var(--ink);white-space:nowrap}
.badge-ok{background:var(--ok-bg);color:var(--ok)}.badge-warn{background:var(--warn-bg);color:var(--warn)}
.badge-bad{background:var(--bad-bg);color:var(--bad)}.badge-accent{background:#dbe7fb;color:#163f80}
.muted{color:var(--muted)}
.notice{background:#e8f0fe;border:1px solid #c6d7f7;border-radius:8px;padding:.6rem .8rem}
.error{background:var(--bad-bg);border:1px solid #f5c2bd;color:var(--bad);border-radius:8px;padding:.6rem .8rem}
.button{font:inherit;font-size:.88rem;border-radius:6px;padding:.4rem .8rem;border:1px solid var(--line);background:#fff;cursor:pointer}
.button-primary{background:var(--accent);border-color:var(--accent);color:var(--accent-ink)}
.button-danger{background:var(--bad);border-color:var(--bad);color:#fff}
.button[disabled]{opacity:.55;cursor:not-allowed}
.link-button{background:none;border:0;color:#93c5fd;cursor:pointer;font:inherit;padding:0;text-decoration:underline}
form.inline{display:inline}
.filters{display:flex;gap:.6rem;flex-wrap:wrap;align-items:end;margin-bottom:1rem}
label{display:flex;flex-direction:column;font-size:.82rem;color:var(--muted);gap:.2rem}
input[type=text],input[type=search],input[type=email],input[type=password],select,textarea{font:inherit;font-size:.95rem;padding:.45rem .6rem;border:1px solid #c5ccd8;border-radius:6px;background:#fff;color:var(--ink);min-width:0}
textarea{width:100%;min-height:5rem}
.search-box{display:flex;gap:.5rem;max-width:720px}
.search-box input{flex:1}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:0;font-size:.92rem}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;word-break:break-word}
.timeline{list-style:none;margin:0;padding:0;border-left:2px solid var(--line)}
.timeline li{position:relative;padding:.35rem 0 .6rem 1rem}
.timeline li::before{content:"";position:absolute;left:-6px;top:.75rem;width:10px;height:10px;border-radius:50%;background:var(--accent)}
.timeline .t{color:var(--muted);font-size:.8rem}
details summary{cursor:pointer;color:var(--accent)}
pre{background:#0f172a;color:#e2e8f0;padding:.6rem .75rem;border-radius:6px;overflow-x:auto;font-size:.8rem;max-height:18rem}
.login-wrap{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;background:linear-gradient(160deg,#111827,#1e293b)}
.login{background:#fff;border-radius:12px;padding:2rem;width:100%;max-width:380px;box-shadow:0 20px 50px rgba(0,0,0,.35)}
.login h1{margin-top:0}
.login form{display:flex;flex-direction:column;gap:.85rem}
.login .button{padding:.6rem;font-size:1rem}
.empty{color:var(--muted);padding:.5rem 0}
@media (max-width:760px){
  html{font-size:14px}
  .topbar{gap:.5rem;padding:.5rem .75rem;position:static}
  .nav{order:3;flex-basis:100%;gap:.2rem .15rem}
  .nav a{white-space:nowrap;padding:.3rem .5rem;font-size:.9rem}
  .who{margin-left:auto}
  .content{padding:.75rem}
  table.responsive thead{display:none}
  table.responsive tr{display:block;border-bottom:1px solid var(--line);padding:.4rem 0}
  table.responsive td{display:block;border:0;padding:.2rem .3rem;text-align:right;overflow-wrap:anywhere}
  table.responsive td::before{content:attr(data-label);float:left;margin-right:1rem;color:var(--muted);font-size:.8rem;text-align:left}
  .search-box{flex-direction:column}
}
`;

// The one style and the one script of every page the bot serves, each sent with the answer's nonce (the
// Content-Security-Policy allows nothing else). Pages work without the script (plain form POSTs); with it, times
// are shown in the reader's own zone and the page's language, a moment of a video (a comment's "0:12") plays it in the page's player from
// there instead of opening the video, and a position field is filled from the player when it pauses and checked
// against the video's length, with the field's own hint as the browser's message (the words the server refuses with).
// Written as `html` templates with nothing interpolated: the text is the bot's own.
import { html, type Markup } from './markup.ts';

export const PAGE_STYLE: Markup = html`
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f6f6f4;color:#1d1d1b}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.5rem 0}h2{font-size:1.1rem;margin:1rem 0 .25rem}
video{width:100%;max-height:70vh;background:#000;border-radius:.5rem}
.quote{white-space:pre-wrap;background:#fff;padding:.75rem;border-radius:.5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:600}dd{margin:0}
ul.entries{list-style:none;padding:0}ul.entries li{margin:.5rem 0}a.seek{font-weight:600}
form{background:#fff;padding:.75rem;border-radius:.5rem;margin:1rem 0}
label{display:block;margin-top:.5rem}
textarea,input[type=text]{width:100%;box-sizing:border-box;font:inherit;padding:.5rem}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;cursor:pointer}
.primary{background:#1f7a3a;color:#fff}.secondary{background:#8a5a00;color:#fff}
nav.languages{font-size:.9rem;text-align:right}nav.languages a,nav.languages strong{margin-left:.6rem}
.note,.hint{color:#555}.hint{font-size:.9rem;margin:.25rem 0}.warning{color:#8a1f1f}`;

export const PAGE_SCRIPT: Markup = html`
(function(){
  document.querySelectorAll('time[data-local]').forEach(function(t){
    var d=new Date(t.getAttribute('datetime'));
    if(!isNaN(d))t.textContent=d.toLocaleString(document.documentElement.lang||undefined,{weekday:'short',year:'numeric',month:'short',day:'numeric',hour:'2-digit',minute:'2-digit',timeZoneName:'short'});
  });
  function fmt(s){s=Math.floor(s);var h=Math.floor(s/3600),m=Math.floor(s%3600/60),x=String(s%60).padStart(2,'0');
    return h>0?h+':'+String(m).padStart(2,'0')+':'+x:m+':'+x;}
  function secs(t){return t.split(':').reduce(function(a,x){return a*60+Number(x);},0);}
  document.querySelectorAll('a[data-seek-of]').forEach(function(a){
    a.addEventListener('click',function(e){
      var v=document.getElementById(a.getAttribute('data-seek-of'));
      if(!v)return;
      e.preventDefault();
      var src=a.getAttribute('data-src');
      if(src&&v.getAttribute('src')!==src)v.setAttribute('src',src);
      v.currentTime=Number(a.getAttribute('data-seek'))||0;
      if(v.scrollIntoView)v.scrollIntoView({block:'nearest'});
    });
  });
  document.querySelectorAll('input[data-position-of]').forEach(function(at){
    var v=document.getElementById(at.getAttribute('data-position-of')),hint=at.getAttribute('title')||'';
    function check(){
      at.setCustomValidity('');
      if(!at.value)return;
      var beyond=v&&isFinite(v.duration)&&v.duration>0&&secs(at.value)>Math.ceil(v.duration);
      if(at.validity.patternMismatch||beyond)at.setCustomValidity(hint);
    }
    at.addEventListener('input',check);
    if(v){
      v.addEventListener('pause',function(){if(v.currentTime>0){at.value=fmt(v.currentTime);check();}});
      v.addEventListener('loadedmetadata',check);
    }
  });
})();`;

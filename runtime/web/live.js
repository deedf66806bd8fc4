/* live.js - the live page `ncsc view` writes: runs the scene's WebAssembly
 * stepper (wasm_glue.c over the runtime core; window.NCS_WASM holds it in
 * base64) in real time and draws it with NcsView (view.js). Pause, step,
 * reset, drag a body to move or throw it, switch the formulation. Test
 * hook: window.ncs (docs/web.md). */
'use strict';
(function () {
  var E, mem, S, nb, view, forms = [], form = 0, playing = false, speed = 1, last = 0, acc = 0;
  var stepN = 0, failed = 0, hist, drag = null, HIST = 2000;

  /* The stepper imports nothing it uses: wasi-libc's stdio links three
   * file calls that snprintf never makes. */
  function stubs(mod) {
    var imp = {};
    WebAssembly.Module.imports(mod).forEach(function (i) {
      imp[i.module] = imp[i.module] || {};
      imp[i.module][i.name] = function () { return 52; }; /* ENOSYS */
    });
    return imp;
  }

  function bytes(b64) {
    var s = atob(b64), a = new Uint8Array(s.length), i;
    for (i = 0; i < s.length; i++) a[i] = s.charCodeAt(i);
    return a;
  }

  function cstr(p) {
    var u = new Uint8Array(E.memory.buffer), e = p;
    while (u[e]) e++;
    return new TextDecoder().decode(u.subarray(p, e));
  }

  function f64(p, n) { return new Float64Array(E.memory.buffer, p, n); }

  function clearHistory() {
    hist = {x: [], energy: [], depth: [], m: [], pivots: []};
    view.trails = S.bodies.map(function () { return []; });
    view.setSeries(hist);
  }

  /* Reads the state after a step into the view (and the plots, trails). */
  function frame(record) {
    var q = Array.from(f64(E.ncsv_q(), 3 * nb)), v = Array.from(f64(E.ncsv_v(), 3 * nb));
    var inf = f64(E.ncsv_info(), 8), nc = E.ncsv_ncontacts();
    var c = nc ? Array.from(f64(E.ncsv_contacts(), 7 * nc)) : [];
    var st = {energy: inf[4], depth: inf[5], m: stepN ? inf[2] : 0, pivots: stepN ? inf[3] : 0};
    if (record) {
      hist.x.push(stepN);
      ['energy', 'depth', 'm', 'pivots'].forEach(function (k) { hist[k].push(st[k]); });
      if (hist.x.length > HIST)
        ['x', 'energy', 'depth', 'm', 'pivots'].forEach(function (k) { hist[k].shift(); });
      view.trails.forEach(function (t, k) {
        t.push(q[3 * k], q[3 * k + 1]);
        if (t.length > 2 * HIST) t.splice(0, 2);
      });
    }
    return {step: stepN, q: q, v: v, contacts: c, stats: st,
      text: 'step ' + stepN + ', t = ' + NcsView.fmt(stepN * S.h) + ' s \u00b7 ' + forms[form]};
  }

  var WHY = ['', 'an LCP was not solved', 'capacity exceeded',
    'the end state would leave a body inside solid matter',
    'the end state would hold a number that is not finite or beyond 1e150'];

  /* n steps (stops at a failed one). Returns the steps taken. */
  function advance(n, record) {
    var k;
    for (k = 0; k < n; k++) {
      if (drag) E.ncsv_drag(drag.b, drag.x, drag.y, drag.vx, drag.vy);
      var st = E.ncsv_step();
      if (st !== 0) {
        failed = st;
        var inf = f64(E.ncsv_info(), 8);
        view.setStatus('step ' + (stepN + 1) + ' failed: ' + (WHY[st] || 'status ' + st) +
          (inf[7] >= 0 ? ' (body ' + S.bodies[inf[7]].name + ')' : '') +
          '; drag the body away or reset', true);
        play(false);
        break;
      }
      if (failed) { failed = 0; view.setStatus(''); }
      stepN++;
      if (record && k < n - 1) frame(true);
    }
    view.draw(frame(record));
    return k;
  }

  function play(on) {
    playing = on;
    view.setPlaying(on);
    last = 0;
    acc = 0;
    if (on) requestAnimationFrame(tick);
  }

  /* Real time times the speed; at most about 25 ms of stepping a frame
   * (a slower scene runs in slow motion). */
  function tick(t) {
    if (!playing) return;
    if (last) acc += Math.min(0.1, (t - last) / 1000) * speed / S.h;
    last = t;
    var t0 = performance.now(), n = Math.floor(acc);
    acc -= n;
    while (n > 0 && playing && performance.now() - t0 < 25) {
      advance(1, true);
      n--;
    }
    if (n > 0) acc = 0;
    requestAnimationFrame(tick);
  }

  function reset() {
    play(false);
    E.ncsv_reset();
    stepN = 0;
    failed = 0;
    drag = null;
    clearHistory();
    view.setStatus('');
    view.draw(frame(true));
  }

  function select(name, carry) {
    var i = forms.indexOf(name);
    if (i < 0 || E.ncsv_select(i, carry ? 1 : 0) !== 0) return false;
    form = i;
    view.sub.textContent = S.file + ' \u00b7 live, formulation ' + name + ' \u00b7 h = ' + S.h + ' s';
    if (view.formSel) view.formSel.value = name;
    return true;
  }

  /* Which body is under world point p (the topmost). */
  function bodyAt(p) {
    var q = f64(E.ncsv_q(), 3 * nb), k;
    for (k = nb - 1; k >= 0; k--) {
      var B = S.bodies[k], dx = p[0] - q[3 * k], dy = p[1] - q[3 * k + 1];
      if (B.kind === 'disc' && Math.hypot(dx, dy) <= B.r) return k;
      if (B.kind === 'particle' && Math.hypot(dx, dy) * view.view.s <= 8) return k;
      if (B.kind === 'polygon') {
        var c = Math.cos(-q[3 * k + 2]), s = Math.sin(-q[3 * k + 2]);
        var lx = c * dx - s * dy, ly = s * dx + c * dy, o = B.outline, n = o.length / 2, i, j, inside = false;
        for (i = 0, j = n - 1; i < n; j = i++)
          if ((o[2 * i + 1] > ly) !== (o[2 * j + 1] > ly) &&
              lx < (o[2 * j] - o[2 * i]) * (ly - o[2 * i + 1]) / (o[2 * j + 1] - o[2 * i + 1]) + o[2 * i])
            inside = !inside;
        if (inside) return k;
      }
    }
    return -1;
  }

  /* Dragging: the body follows the pointer (never into solid matter) with
   * the pointer's velocity, and keeps it when let go: a throw. */
  function grab(p, ev) {
    var k = bodyAt(p), c = view.canvas;
    if (k < 0) return false;
    var q = f64(E.ncsv_q(), 3 * nb);
    drag = {b: k, dx: q[3 * k] - p[0], dy: q[3 * k + 1] - p[1], x: q[3 * k], y: q[3 * k + 1],
      vx: 0, vy: 0, t: performance.now(), px: p[0], py: p[1]};
    c.setPointerCapture(ev.pointerId);
    function move(e) {
      var w = view.toWorld(e.offsetX, e.offsetY), now = performance.now(), dt = (now - drag.t) / 1000;
      if (dt > 0.005) {
        var a = Math.min(1, dt / 0.05);
        drag.vx = (1 - a) * drag.vx + a * (w[0] - drag.px) / dt;
        drag.vy = (1 - a) * drag.vy + a * (w[1] - drag.py) / dt;
        drag.t = now;
        drag.px = w[0];
        drag.py = w[1];
      }
      drag.x = w[0] + drag.dx;
      drag.y = w[1] + drag.dy;
      if (!playing) {
        E.ncsv_drag(drag.b, drag.x, drag.y, 0, 0);
        view.draw(frame(false));
      }
    }
    function up() {
      if (drag) {
        var fresh = performance.now() - drag.t < 100;
        E.ncsv_drag(drag.b, drag.x, drag.y, fresh ? drag.vx : 0, fresh ? drag.vy : 0);
        view.draw(frame(false));
      }
      drag = null;
      c.removeEventListener('pointermove', move);
      c.removeEventListener('pointerup', up);
    }
    c.addEventListener('pointermove', move);
    c.addEventListener('pointerup', up);
    return true;
  }

  async function start() {
    var W = window.NCS_WASM, mod = await WebAssembly.compile(bytes(W.wasm));
    var inst = await WebAssembly.instantiate(mod, stubs(mod)), i;
    E = inst.exports;
    for (i = 0; i < E.ncsv_nforms(); i++) forms.push(cstr(E.ncsv_form_name(i)));
    if (E.ncsv_select(0, 0) !== 0) throw new Error('the stepper could not set up its state');
    S = JSON.parse(cstr(E.ncsv_scene()));
    nb = S.bodies.length;
    view = new NcsView(document.getElementById('ncs'), S, {
      kind: 'live', total: 0,
      hint: 'drag a body to move or throw it; wheel: zoom, drag elsewhere: pan',
      onPlay: function () { play(!playing); },
      onStep: function () { play(false); advance(1, true); },
      onReset: reset,
      onSeek: function () {},
      onSpeed: function (s) { speed = s; },
      onGrab: grab
    });
    var l = NcsView.el('label', {text: ' formulation '}, view.extra);
    view.formSel = NcsView.el('select', {title: 'the formulations compiled into this page'}, l);
    forms.forEach(function (f) { NcsView.el('option', {value: f, text: f}, view.formSel); });
    view.formSel.addEventListener('change', function () { select(view.formSel.value, true); });
    var q = f64(E.ncsv_q(), 3 * nb), k;
    for (k = 0; k < nb; k++) view.include(k, q[3 * k], q[3 * k + 1]);
    view.fit();
    select(forms[0], false);
    clearHistory();
    view.draw(frame(true));
    view.setStatus('space: play/pause, right arrow: step, Home: reset');

    window.ncs = {
      ready: true,
      forms: forms.slice(),
      step: function (n) {
        play(false);
        advance(n === undefined ? 1 : n, true);
        return Promise.resolve(stepN);
      },
      state: function () {
        var q = f64(E.ncsv_q(), 3 * nb);
        return S.bodies.map(function (b, j) {
          return {name: b.name, x: q[3 * j], y: q[3 * j + 1], theta: q[3 * j + 2]};
        });
      },
      reset: reset,
      play: function () { play(true); },
      pause: function () { play(false); },
      formulation: function (name) { return Promise.resolve(select(name, false)); },
      drag: function (name, x, y, vx, vy) {
        var k = S.bodies.map(function (b) { return b.name; }).indexOf(name);
        var r = k < 0 ? -1 : E.ncsv_drag(k, x, y, vx, vy);
        view.draw(frame(false));
        return r === 1;
      },
      /* what the last drawing showed: the joints' ends, the contacts */
      drawn: function () { return view.drawn; },
      info: function () {
        return {step: stepN, t: stepN * S.h, formulation: forms[form], playing: playing, failed: failed};
      }
    };
    play(!/[#&]paused/.test(location.hash));
  }

  start().catch(function (e) {
    var d = document.getElementById('ncs');
    d.textContent = 'The live stepper could not start: ' + e;
    console.error(e);
  });
})();

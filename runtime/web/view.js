/* view.js - the scene viewer of the replay page (replay.js) and the live
 * page (live.js): the controls, the drawing of obstacles, pieces, bodies,
 * velocities and contacts on a canvas, and the small time plots
 * (docs/web.md). Plain browser JavaScript; nothing is loaded. */
'use strict';
var NcsView = (function () {
  var COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b',
    '#e377c2'];
  var PLOTS = [['energy', 'kinetic energy'], ['depth', 'deepest penetration'],
    ['m', 'LCP size m'], ['pivots', 'pivots']];

  function el(tag, props, parent) {
    var e = document.createElement(tag), k;
    for (k in props || {}) {
      if (k === 'text') e.textContent = props[k];
      else if (k === 'cls') e.className = props[k];
      else e.setAttribute(k, props[k]);
    }
    if (parent) parent.appendChild(e);
    return e;
  }

  function fmt(v) {
    if (v === null || v === undefined || !isFinite(v)) return '-';
    var a = Math.abs(v);
    if (a !== 0 && (a < 1e-3 || a >= 1e5)) return v.toExponential(3);
    return String(+v.toPrecision(5));
  }

  /* scene: the model of view.c; opts: {kind: 'replay' | 'live', total:
   * frames or 0, onPlay, onStep(d), onReset, onSeek(i), onSpeed(s)} */
  function View(root, scene, opts) {
    var self = this, bar, main, stage, aside;
    this.scene = scene;
    this.opts = opts;
    this.show = {pieces: false, velocity: true, contacts: true, trails: true};
    this.frame = null;
    this.drawn = {joints: [], contacts: 0, impulse: 0};
    this.trails = scene.bodies.map(function () { return []; });
    this.vscale = 0;
    this.iscale = 0;
    root.className = 'ncs';
    var head = el('header', {}, root);
    el('h1', {text: scene.name}, head);
    this.sub = el('span', {cls: 'sub'}, head);
    bar = el('div', {cls: 'bar'}, root);
    this.btn = {};
    function button(key, text, title, fn) {
      var b = el('button', {text: text, title: title, type: 'button'}, bar);
      b.addEventListener('click', fn);
      self.btn[key] = b;
      return b;
    }
    button('reset', '\u25ae\u25c0', 'back to the start (Home)', function () { opts.onReset(); });
    if (opts.kind === 'replay')
      button('back', '\u25c0', 'one frame back (left arrow)', function () { opts.onStep(-1); });
    button('play', '\u25b6', 'play / pause (space)', function () { opts.onPlay(); });
    button('step', '\u25b6|', 'one step (right arrow)', function () { opts.onStep(1); });
    if (opts.total > 0) {
      this.slider = el('input', {type: 'range', min: 0, max: opts.total - 1, value: 0,
        title: 'scrub'}, bar);
      this.slider.addEventListener('input', function () { opts.onSeek(+self.slider.value); });
    }
    var sp = el('label', {text: 'speed '}, bar);
    this.speed = el('select', {title: 'playback speed (times real time)'}, sp);
    [0.1, 0.25, 0.5, 1, 2, 4, 10].forEach(function (s) {
      var o = el('option', {value: s, text: s + '\u00d7'}, self.speed);
      if (s === 1) o.selected = true;
    });
    this.speed.addEventListener('change', function () { opts.onSpeed(+self.speed.value); });
    this.extra = el('span', {}, bar);
    [['pieces', 'groups', 'the obstacles\' convex pieces: each is one nonconvex group'],
      ['velocity', 'velocity', 'velocity arrows'],
      ['contacts', 'contacts', 'contact normals; arrow length: impulse'],
      ['trails', 'trails', 'paths so far']].forEach(function (t) {
      var l = el('label', {title: t[2]}, bar), c = el('input', {type: 'checkbox'}, l);
      c.checked = self.show[t[0]];
      l.appendChild(document.createTextNode(t[1]));
      c.addEventListener('change', function () { self.show[t[0]] = c.checked; self.redraw(); });
    });
    button('fit', 'fit', 'show the whole scene', function () { self.fit(); self.redraw(); });
    this.time = el('span', {cls: 'time'}, bar);
    main = el('div', {cls: 'main'}, root);
    stage = el('div', {cls: 'stage'}, main);
    this.canvas = el('canvas', {}, stage);
    this.legend = el('div', {cls: 'legend'}, stage);
    scene.bodies.forEach(function (b, k) {
      var s = el('div', {}, self.legend);
      el('span', {style: 'background:' + COLORS[k % 8]}, s);
      s.appendChild(document.createTextNode(b.name + ' (' + b.kind + ')'));
    });
    this.hint = el('div', {cls: 'hint', text: opts.hint || 'wheel: zoom, drag: pan'}, stage);
    aside = el('aside', {}, main);
    this.plots = PLOTS.map(function (p) {
      var box = el('div', {cls: 'plot'}, aside), t = el('div', {}, box);
      el('span', {text: p[1]}, t);
      var val = el('span', {}, t), c = el('canvas', {}, box);
      c.addEventListener('click', function (ev) {
        if (self.opts.onPlotClick)
          self.opts.onPlotClick((ev.offsetX) / c.clientWidth);
      });
      return {key: p[0], canvas: c, val: val};
    });
    this.status = el('div', {cls: 'status'}, root);
    this.series = null;
    this.bounds = this.sceneBounds();
    this.view = null;
    this.panZoom();
    window.addEventListener('resize', function () { self.redraw(); });
    document.addEventListener('keydown', function (ev) {
      if (ev.target && ev.target.tagName === 'SELECT') return;
      if (ev.key === ' ') { opts.onPlay(); ev.preventDefault(); }
      else if (ev.key === 'ArrowRight') { opts.onStep(1); ev.preventDefault(); }
      else if (ev.key === 'ArrowLeft' && opts.kind === 'replay') { opts.onStep(-1); ev.preventDefault(); }
      else if (ev.key === 'Home') { opts.onReset(); ev.preventDefault(); }
    });
  }

  /* The box of the obstacles' outlines and pieces (explicit groups have no
   * extent). */
  View.prototype.sceneBounds = function () {
    var b = [Infinity, Infinity, -Infinity, -Infinity];
    function add(x, y) {
      if (x < b[0]) b[0] = x; if (y < b[1]) b[1] = y;
      if (x > b[2]) b[2] = x; if (y > b[3]) b[3] = y;
    }
    this.scene.rings.forEach(function (r) {
      for (var i = 0; i < r.xy.length; i += 2) add(r.xy[i], r.xy[i + 1]);
    });
    this.scene.pieces.forEach(function (p) {
      for (var i = 0; p.xy && i < p.xy.length; i += 2) add(p.xy[i], p.xy[i + 1]);
    });
    (this.scene.joints || []).forEach(function (J) {
      if (J.b < 0) add(J.ends[2], J.ends[3]);
    });
    this.addBounds = add;
    this.box = b;
    return b;
  };

  /* Widens the box by a body at (x, y) (its radius or outline). */
  View.prototype.include = function (k, x, y) {
    var B = this.scene.bodies[k], r = B.r, i;
    for (i = 0; i < B.outline.length; i += 2)
      r = Math.max(r, Math.hypot(B.outline[i], B.outline[i + 1]));
    this.addBounds(x - r, y - r);
    this.addBounds(x + r, y + r);
  };

  View.prototype.fit = function () {
    var b = this.box, c = this.canvas;
    if (!(b[0] <= b[2])) b = [-1, -1, 1, 1];
    var w = Math.max(b[2] - b[0], 1e-9), h = Math.max(b[3] - b[1], 1e-9);
    var cw = Math.max(c.clientWidth, 100), ch = Math.max(c.clientHeight, 100);
    var s = 0.9 * Math.min(cw / w, ch / h);
    this.view = {s: s, cx: (b[0] + b[2]) / 2, cy: (b[1] + b[3]) / 2};
  };

  View.prototype.toScreen = function (x, y) {
    var v = this.view, c = this.canvas;
    return [c.clientWidth / 2 + (x - v.cx) * v.s, c.clientHeight / 2 - (y - v.cy) * v.s];
  };
  View.prototype.toWorld = function (px, py) {
    var v = this.view, c = this.canvas;
    return [v.cx + (px - c.clientWidth / 2) / v.s, v.cy - (py - c.clientHeight / 2) / v.s];
  };

  /* Wheel zoom about the cursor; dragging pans unless opts.onGrab takes it
   * (the live page grabs bodies). */
  View.prototype.panZoom = function () {
    var self = this, c = this.canvas, drag = null;
    c.addEventListener('wheel', function (ev) {
      if (!self.view) return;
      var p = self.toWorld(ev.offsetX, ev.offsetY), f = Math.exp(-ev.deltaY * 0.0015);
      self.view.s *= f;
      self.view.cx = p[0] - (p[0] - self.view.cx) / f;
      self.view.cy = p[1] - (p[1] - self.view.cy) / f;
      self.redraw();
      ev.preventDefault();
    }, {passive: false});
    c.addEventListener('pointerdown', function (ev) {
      var p = self.toWorld(ev.offsetX, ev.offsetY);
      if (self.opts.onGrab && self.opts.onGrab(p, ev)) return;
      drag = {x: ev.clientX, y: ev.clientY, cx: self.view.cx, cy: self.view.cy};
      c.setPointerCapture(ev.pointerId);
    });
    c.addEventListener('pointermove', function (ev) {
      if (!drag) return;
      self.view.cx = drag.cx - (ev.clientX - drag.x) / self.view.s;
      self.view.cy = drag.cy + (ev.clientY - drag.y) / self.view.s;
      self.redraw();
    });
    c.addEventListener('pointerup', function () { drag = null; });
  };

  /* frame: {q: [x, y, theta per body], v: [vx, vy, omega per body],
   * contacts: [x, y, nx, ny, pn, pt, body, ...], text, stats: {energy,
   * depth, m, pivots}} */
  View.prototype.draw = function (frame) {
    this.frame = frame;
    this.redraw();
  };

  View.prototype.redraw = function () {
    var c = this.canvas, dpr = window.devicePixelRatio || 1;
    var w = c.clientWidth, h = c.clientHeight;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
    }
    if (!this.view) this.fit();
    var g = c.getContext('2d');
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, w, h);
    this.drawn = {joints: [], contacts: 0, impulse: 0};
    this.drawObstacles(g);
    if (this.show.pieces) this.drawPieces(g);
    this.drawScale(g);
    if (this.frame) {
      if (this.show.trails) this.drawTrails(g);
      this.drawBodies(g, this.frame);
      this.drawJoints(g, this.frame);
      if (this.show.velocity) this.drawVelocities(g, this.frame);
      if (this.show.contacts) this.drawContacts(g, this.frame);
      this.time.textContent = this.frame.text || '';
    }
    this.drawPlots();
  };

  View.prototype.path = function (g, xy, close) {
    for (var i = 0; i < xy.length; i += 2) {
      var p = this.toScreen(xy[i], xy[i + 1]);
      if (i === 0) g.moveTo(p[0], p[1]); else g.lineTo(p[0], p[1]);
    }
    if (close) g.closePath();
  };

  /* Each obstacle is its outer ring and the holes that follow it. */
  View.prototype.drawObstacles = function (g) {
    var rings = this.scene.rings, i = 0;
    g.fillStyle = '#b9bec5';
    g.strokeStyle = '#5f6368';
    g.lineWidth = 1.2;
    while (i < rings.length) {
      g.beginPath();
      this.path(g, rings[i].xy, true);
      for (i++; i < rings.length && rings[i].hole; i++) this.path(g, rings[i].xy, true);
      g.fill('evenodd');
      g.stroke();
    }
  };

  /* The convex pieces (one nonconvex group each): internal sides dashed;
   * an explicit group's lines across the view with their normals. */
  View.prototype.drawPieces = function (g) {
    var self = this, c = this.canvas, far = 4 * (c.clientWidth + c.clientHeight) / this.view.s;
    g.lineWidth = 1;
    this.scene.pieces.forEach(function (p, k) {
      var hue = (k * 137) % 360, i;
      g.strokeStyle = 'hsl(' + hue + ',70%,40%)';
      if (p.xy) {
        g.fillStyle = 'hsla(' + hue + ',70%,55%,0.18)';
        g.beginPath();
        self.path(g, p.xy, true);
        g.fill();
        for (i = 0; i < p.internal.length; i++) {
          var n = p.xy.length / 2, a = self.toScreen(p.xy[2 * i], p.xy[2 * i + 1]);
          var b = self.toScreen(p.xy[2 * ((i + 1) % n)], p.xy[2 * ((i + 1) % n) + 1]);
          g.setLineDash(p.internal[i] ? [4, 3] : []);
          g.beginPath(); g.moveTo(a[0], a[1]); g.lineTo(b[0], b[1]); g.stroke();
        }
        g.setLineDash([]);
      } else {
        for (i = 0; i < p.lines.length; i += 3) {
          var nx = p.lines[i], ny = p.lines[i + 1], off = p.lines[i + 2];
          var ox = nx * off, oy = ny * off;
          var a1 = self.toScreen(ox - ny * far, oy + nx * far), b1 = self.toScreen(ox + ny * far, oy - nx * far);
          g.beginPath(); g.moveTo(a1[0], a1[1]); g.lineTo(b1[0], b1[1]); g.stroke();
        }
      }
    });
  };

  View.prototype.drawScale = function (g) {
    var target = 100 / this.view.s, p = Math.pow(10, Math.floor(Math.log10(target))), len = p;
    [2, 5, 10].forEach(function (m) { if (p * m <= target) len = p * m; });
    var px = len * this.view.s, x = this.canvas.clientWidth - px - 12, y = this.canvas.clientHeight - 24;
    g.strokeStyle = '#3c4043';
    g.lineWidth = 2;
    g.beginPath(); g.moveTo(x, y - 4); g.lineTo(x, y); g.lineTo(x + px, y); g.lineTo(x + px, y - 4);
    g.stroke();
    g.fillStyle = '#3c4043';
    g.font = '11px system-ui, sans-serif';
    g.textAlign = 'center';
    g.fillText(String(+len.toPrecision(3)), x + px / 2, y - 4);
  };

  View.prototype.drawTrails = function (g) {
    var self = this;
    this.trails.forEach(function (t, k) {
      if (t.length < 4) return;
      g.strokeStyle = COLORS[k % 8];
      g.globalAlpha = 0.5;
      g.lineWidth = 1;
      g.beginPath();
      self.path(g, t, false);
      g.stroke();
      g.globalAlpha = 1;
    });
  };

  View.prototype.drawBodies = function (g, f) {
    var self = this;
    this.scene.bodies.forEach(function (B, k) {
      var x = f.q[3 * k], y = f.q[3 * k + 1], th = f.q[3 * k + 2], col = COLORS[k % 8];
      var p = self.toScreen(x, y), cs = Math.cos(th), sn = Math.sin(th), i;
      g.strokeStyle = col;
      g.fillStyle = col;
      g.lineWidth = 1.5;
      if (B.kind === 'disc') {
        var e = self.toScreen(x + B.r * cs, y + B.r * sn);
        g.globalAlpha = 0.25;
        g.beginPath(); g.arc(p[0], p[1], B.r * self.view.s, 0, 2 * Math.PI); g.fill();
        g.globalAlpha = 1;
        g.stroke();
        g.beginPath(); g.moveTo(p[0], p[1]); g.lineTo(e[0], e[1]); g.stroke();
      } else if (B.kind === 'polygon') {
        var xy = [];
        for (i = 0; i < B.outline.length; i += 2)
          xy.push(x + cs * B.outline[i] - sn * B.outline[i + 1], y + sn * B.outline[i] + cs * B.outline[i + 1]);
        g.beginPath(); self.path(g, xy, true);
        g.globalAlpha = 0.25; g.fill(); g.globalAlpha = 1; g.stroke();
        g.beginPath(); g.arc(p[0], p[1], 2, 0, 2 * Math.PI); g.fill();
      } else {
        g.beginPath(); g.arc(p[0], p[1], 4, 0, 2 * Math.PI); g.fill();
      }
    });
  };

  /* The joints' ends in the world at state q: [{kind, a: [x, y], b: [x, y]}]
   * (end b of a joint to the world is its fixed point). */
  View.prototype.jointEnds = function (q) {
    return (this.scene.joints || []).map(function (J) {
      function end(k, x, y) {
        if (k < 0) return [x, y];
        var th = q[3 * k + 2], c = Math.cos(th), s = Math.sin(th);
        return [q[3 * k] + c * x - s * y, q[3 * k + 1] + s * x + c * y];
      }
      return {kind: J.kind, a: end(J.a, J.ends[0], J.ends[1]), b: end(J.b, J.ends[2], J.ends[3]),
        len: J.len};
    });
  };

  /* A rod: a line between its ends, with a ring at each; a pin: a ring at
   * its point; a weld: a square. What was drawn is kept in this.drawn
   * (the pages' test hook reads it). */
  View.prototype.drawJoints = function (g, f) {
    var self = this, ends = this.jointEnds(f.q);
    g.strokeStyle = '#202124';
    g.fillStyle = '#ffffff';
    g.lineWidth = 2;
    ends.forEach(function (e) {
      var a = self.toScreen(e.a[0], e.a[1]), b = self.toScreen(e.b[0], e.b[1]);
      if (e.kind === 'rod') {
        g.beginPath(); g.moveTo(a[0], a[1]); g.lineTo(b[0], b[1]); g.stroke();
      }
      [a, b].forEach(function (p) {
        g.beginPath();
        if (e.kind === 'weld') g.rect(p[0] - 3.5, p[1] - 3.5, 7, 7);
        else g.arc(p[0], p[1], 3.5, 0, 2 * Math.PI);
        g.fill(); g.stroke();
      });
    });
    this.drawn.joints = ends;
  };

  function arrow(g, a, b, head) {
    var dx = b[0] - a[0], dy = b[1] - a[1], l = Math.hypot(dx, dy);
    g.beginPath(); g.moveTo(a[0], a[1]); g.lineTo(b[0], b[1]);
    if (l > 2) {
      var ux = dx / l, uy = dy / l, s = Math.min(head, l / 2);
      g.moveTo(b[0] - s * ux + 0.5 * s * uy, b[1] - s * uy - 0.5 * s * ux);
      g.lineTo(b[0], b[1]);
      g.lineTo(b[0] - s * ux - 0.5 * s * uy, b[1] - s * uy + 0.5 * s * ux);
    }
    g.stroke();
  }

  /* Arrow lengths: the fastest speed (largest impulse) seen so far is 15%
   * (10%) of the view's smaller side. */
  View.prototype.drawVelocities = function (g, f) {
    var self = this, n = this.scene.bodies.length, k, big = 0;
    for (k = 0; k < n; k++) big = Math.max(big, Math.hypot(f.v[3 * k], f.v[3 * k + 1]));
    this.vscale = Math.max(this.vscale, big);
    if (!(this.vscale > 0)) return;
    var L = 0.15 * Math.min(this.canvas.clientWidth, this.canvas.clientHeight) / this.vscale;
    g.strokeStyle = '#188038';
    g.lineWidth = 1.5;
    for (k = 0; k < n; k++) {
      var p = self.toScreen(f.q[3 * k], f.q[3 * k + 1]);
      arrow(g, p, [p[0] + L * f.v[3 * k], p[1] - L * f.v[3 * k + 1]], 7);
    }
  };

  View.prototype.drawContacts = function (g, f) {
    var c = f.contacts || [], i, big = 0;
    this.drawn.contacts = c.length / 7;
    for (i = 0; i < c.length; i += 7) this.drawn.impulse += c[i + 4] > 0 ? c[i + 4] : 0;
    for (i = 0; i < c.length; i += 7) big = Math.max(big, Math.hypot(c[i + 4], c[i + 5]));
    this.iscale = Math.max(this.iscale, big);
    var L = this.iscale > 0 ? 0.1 * Math.min(this.canvas.clientWidth, this.canvas.clientHeight) / this.iscale : 0;
    for (i = 0; i < c.length; i += 7) {
      var p = this.toScreen(c[i], c[i + 1]), nx = c[i + 2], ny = c[i + 3], pn = c[i + 4], pt = c[i + 5];
      g.fillStyle = '#e37400';
      g.beginPath(); g.arc(p[0], p[1], 2.5, 0, 2 * Math.PI); g.fill();
      g.strokeStyle = 'rgba(227,116,0,0.45)';
      g.lineWidth = 1;
      arrow(g, p, [p[0] + 12 * nx, p[1] - 12 * ny], 0);
      if (pn > 0 || pt !== 0) {
        g.strokeStyle = '#e37400';
        g.lineWidth = 2;
        if (pn > 0) arrow(g, p, [p[0] + L * pn * nx, p[1] - L * pn * ny], 7);
        g.strokeStyle = '#a142f4';
        if (pt !== 0) arrow(g, p, [p[0] - L * pt * ny, p[1] - L * pt * nx], 6);
      }
    }
  };

  /* series: {x: [steps], energy: [], depth: [], m: [], pivots: []}, cursor:
   * the step shown (a vertical line). */
  View.prototype.setSeries = function (series) { this.series = series; };

  View.prototype.drawPlots = function () {
    var s = this.series, f = this.frame;
    this.plots.forEach(function (p) {
      var c = p.canvas, dpr = window.devicePixelRatio || 1, w = c.clientWidth, h = c.clientHeight;
      if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
        c.width = Math.round(w * dpr);
        c.height = Math.round(h * dpr);
      }
      var g = c.getContext('2d');
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      g.clearRect(0, 0, w, h);
      p.val.textContent = f && f.stats ? fmt(f.stats[p.key]) : '';
      if (!s || !s.x.length) return;
      var ys = s[p.key], x0 = s.x[0], x1 = s.x[s.x.length - 1], lo = Infinity, hi = -Infinity, i;
      for (i = 0; i < ys.length; i++) { if (ys[i] < lo) lo = ys[i]; if (ys[i] > hi) hi = ys[i]; }
      if (!(hi > lo)) { hi = lo + 1; lo -= 0; }
      var X = function (x) { return x1 > x0 ? 2 + (w - 4) * (x - x0) / (x1 - x0) : 2; };
      var Y = function (y) { return h - 12 - (h - 16) * (y - lo) / (hi - lo); };
      g.strokeStyle = '#1a73e8';
      g.lineWidth = 1;
      g.beginPath();
      var stepBy = Math.max(1, Math.floor(ys.length / (2 * w)));
      for (i = 0; i < ys.length; i += stepBy) {
        if (i === 0) g.moveTo(X(s.x[i]), Y(ys[i])); else g.lineTo(X(s.x[i]), Y(ys[i]));
      }
      g.stroke();
      g.fillStyle = '#80868b';
      g.font = '10px system-ui, sans-serif';
      g.textAlign = 'left';
      g.fillText(fmt(hi), 2, 9);
      g.fillText(fmt(lo), 2, h - 2);
      if (f && f.step !== undefined && x1 > x0) {
        g.strokeStyle = '#d93025';
        g.beginPath(); g.moveTo(X(f.step), 0); g.lineTo(X(f.step), h); g.stroke();
      }
    });
  };

  View.prototype.setStatus = function (text, bad) {
    this.status.textContent = text;
    this.status.className = 'status' + (bad ? ' bad' : '');
  };

  View.prototype.setPlaying = function (on) {
    this.btn.play.textContent = on ? '\u25ae\u25ae' : '\u25b6';
    this.btn.play.className = on ? 'on' : '';
  };

  View.fmt = fmt;
  View.el = el;
  return View;
})();

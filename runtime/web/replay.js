/* replay.js - the replay page the simulator writes (--html): plays the
 * recorded frames of window.NCS_RUN over the scene window.NCS_SCENE with
 * NcsView (view.js). Test hook: window.ncs (docs/web.md). */
'use strict';
(function () {
  var S = window.NCS_SCENE, R = window.NCS_RUN, nb = S.bodies.length;
  var nf = R.step.length, cur = 0, playing = false, speed = 1, last = 0, acc = 0;
  var view;

  function frame(k) {
    return {
      step: R.step[k],
      q: R.q.slice(3 * nb * k, 3 * nb * (k + 1)),
      v: R.v.slice(3 * nb * k, 3 * nb * (k + 1)),
      contacts: R.con.slice(7 * R.con0[k], 7 * R.con0[k + 1]),
      stats: {energy: R.stat[4 * k], depth: R.stat[4 * k + 1], m: R.stat[4 * k + 2],
        pivots: R.stat[4 * k + 3]},
      text: 'step ' + R.step[k] + ' / ' + R.step[nf - 1] + ', t = ' +
        NcsView.fmt(R.step[k] * S.h) + ' s'
    };
  }

  /* The trails: every body's path up to frame k. */
  function trails(k) {
    view.trails = S.bodies.map(function (b, j) {
      var t = [], i;
      for (i = 0; i <= k; i++) t.push(R.q[3 * nb * i + 3 * j], R.q[3 * nb * i + 3 * j + 1]);
      return t;
    });
  }

  function show(k) {
    cur = Math.max(0, Math.min(nf - 1, k));
    trails(cur);
    view.draw(frame(cur));
    if (view.slider) view.slider.value = cur;
  }

  function play(on) {
    playing = on && nf > 1;
    if (playing && cur === nf - 1) show(0);
    view.setPlaying(playing);
    last = 0;
    acc = 0;
    if (playing) requestAnimationFrame(tick);
  }

  /* Real time times the speed: frames are R.stride steps of h apart. */
  function tick(t) {
    if (!playing) return;
    if (last) acc += (t - last) / 1000 * speed / (S.h * R.stride);
    last = t;
    if (acc >= 1) {
      var n = Math.floor(acc);
      acc -= n;
      show(cur + n);
      if (cur === nf - 1) { play(false); return; }
    }
    requestAnimationFrame(tick);
  }

  view = new NcsView(document.getElementById('ncs'), S, {
    kind: 'replay', total: nf,
    onPlay: function () { play(!playing); },
    onStep: function (d) { play(false); show(cur + d); },
    onReset: function () { play(false); show(0); },
    onSeek: function (k) { show(k); },
    onSpeed: function (s) { speed = s; },
    onPlotClick: function (u) { show(Math.round(u * (nf - 1))); }
  });
  view.sub.textContent = S.file + ' \u00b7 formulation ' + S.formulation + ' \u00b7 h = ' + S.h +
    ' s \u00b7 replay of ' + R.step[nf - 1] + ' steps' +
    (R.stride > 1 ? ' (every ' + R.stride + 'th shown)' : '');
  /* the bodies' whole paths are in view */
  for (var k = 0; k < nf; k++)
    for (var j = 0; j < nb; j++) view.include(j, R.q[3 * nb * k + 3 * j], R.q[3 * nb * k + 3 * j + 1]);
  view.fit();
  var xs = R.step.slice(), ser = {x: xs, energy: [], depth: [], m: [], pivots: []};
  for (k = 0; k < nf; k++) {
    ser.energy.push(R.stat[4 * k]);
    ser.depth.push(R.stat[4 * k + 1]);
    ser.m.push(R.stat[4 * k + 2]);
    ser.pivots.push(R.stat[4 * k + 3]);
  }
  view.setSeries(ser);
  if (R.failed) view.setStatus('the run stopped: step ' + R.failed + ' failed (its message is on the simulator\'s stderr)', true);
  else if (R.lost) view.setStatus('out of memory while recording: the replay ends early', true);
  else view.setStatus(nf + ' frames; space: play/pause, arrows: step, Home: start');
  show(0);

  /* the test hook: step(n) advances n frames */
  window.ncs = {
    ready: true,
    frames: nf,
    step: function (n) {
      play(false);
      show(cur + (n === undefined ? 1 : n));
      return Promise.resolve(R.step[cur]);
    },
    seek: function (k) { play(false); show(k); return R.step[cur]; },
    state: function () {
      return S.bodies.map(function (b, j) {
        return {name: b.name, x: R.q[3 * nb * cur + 3 * j], y: R.q[3 * nb * cur + 3 * j + 1],
          theta: R.q[3 * nb * cur + 3 * j + 2]};
      });
    },
    /* what the last drawing showed: the joints' ends, the contacts */
    drawn: function () { return view.drawn; },
    info: function () { return {frame: cur, step: R.step[cur], t: R.step[cur] * S.h, playing: playing}; },
    play: function () { play(true); },
    pause: function () { play(false); }
  };
})();

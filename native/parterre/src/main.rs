//! Parterre's search, compiled: `_search_py` of pipeline/solve/games/parterre.py (the streamlined probe `_dfs`, the
//! best-first search `_best_first` with `_line_to`, the exhaustive phase `_exhaust` with its cut `_blocked`; read
//! their docstrings for the model and why it is sound). The same model, the same moves generated in the same order,
//! the same cut, the same tables of
//! positions: so the same verdict, the same count of positions and the same line as the Python (the tests compare
//! both), only faster. Standard library only.
//!
//! Input (stdin, whitespace-separated; written by pipeline/solve/games/parterre_native.py), either the whole search:
//!     search first node_limit milliseconds probe bf_depth safe slack runs
//!                                               (first: the budget of probe + best-first search, NODE_LIMIT;
//!                                                probe: the probe's budget, 0 for none; safe 0/1: the safe plays)
//! or the exhaustive phase alone:
//!     slack runs node_limit milliseconds cut    (milliseconds: the time limit, -1 for none; cut 0/1: the cut of
//!                                                positions `blocked` proves lost, always on in the whole search)
//! then the position:
//!     f0 f1 f2 f3                               (cards up on each suit's foundation)
//!     bq                                        (the bouquet's cards still in hand, a 52-bit mask)
//!     six lines: n e1 .. en                     (a bed, bottom first: a card 0..51 = suit*13 + rank-1, or a
//!                                                link 64 + rank)
//! Output (stdout): `won|lost|unknown NODES SECONDS`, then for a win the line of model moves from the position
//! given, one a line, the safe plays included: `U src card link` (a card up; src a bed 0..5, or -1 for the
//! bouquet; link 1 when the bed's top was a link bound now to `card`) or `B a b r..` (bed a's top onto bed b,
//! links of the ranks r.. laid first, in that order).
//!
//! The best-first search keeps each position it finds exactly, as its Python key (foundations, then the beds
//! sorted as byte strings, joined by 0xff) in one arena with its parent, and reloads a position from its key when
//! it expands it, as `_decode` does (so the beds come in sorted order, and so do its moves).
//! The depth-first walks keep positions as 128-bit keys, updated with each card laid or lifted: each bed's key is the
//! XOR of random 128-bit words for (height, card); the position's key is the XOR of the foundation heights' words with
//! the sum (mod 2^128) of a bijective mix of each bed's key, so that it does not depend on the order of the beds (as
//! the Python key sorts them) and two beds cannot trade cards unseen (a plain XOR over all beds would let them). Two
//! different positions share a key with a chance of about 2^-128 a pair: for n positions kept, about n^2 / 2^129 for
//! the whole search (10^9 positions: 1.5e-21). A collision would count a new position as entered (a line not searched);
//! the verdicts are therefore exact unless that happens. Each move is stored in 8 bytes (a u64), on the path of the
//! depth-first search as in its list of moves left.

use std::io::{self, Read, Write};
use std::time::Instant;

const BEDS: usize = 6;
const PH: u8 = 64; // a link of rank r is PH + r
const BQ: u8 = 7; // a move's source: the bouquet
const EMPTY: u8 = 255; // the top of an empty bed
const HEIGHT: usize = 32; // a bed holds at most 6 dealt cards and a descending run of 12 below a king
const ELEMS: usize = 80;

// a move (u64): byte 0 the kind; UP: src, card, link; BED: a, b, lo, hi (links of ranks hi down to lo laid first,
// none when lo > hi); RUN: suit, f0 (first rank index), k (bouquet cards up first), end (0 none, 1 a bed's top,
// 2 a link), the end's bed
const UP: u64 = 0;
const BED: u64 = 1;
const RUN: u64 = 2;
const END_NONE: u64 = 0;
const END_TOP: u64 = 1;
const END_LINK: u64 = 2;

#[inline]
fn up(src: u8, card: u8, link: bool) -> u64 {
    UP | (src as u64) << 8 | (card as u64) << 16 | (link as u64) << 24
}
#[inline]
fn bed_move(a: usize, b: usize, lo: i32, hi: i32) -> u64 {
    BED | (a as u64) << 8 | (b as u64) << 16 | (lo as u64 & 0xff) << 24 | (hi as u64 & 0xff) << 32
}
#[inline]
fn run(s: usize, f0: u8, k: u8, end: u64, a: usize) -> u64 {
    RUN | (s as u64) << 8 | (f0 as u64) << 16 | (k as u64) << 24 | end << 32 | (a as u64) << 40
}
#[inline]
fn field(m: u64, i: u32) -> u8 {
    (m >> (8 * i)) as u8
}

#[inline]
fn rank(e: u8) -> i32 {
    if e >= PH {
        (e - PH) as i32
    } else {
        (e % 13) as i32 + 1
    }
}

fn rank_mask(r: i32) -> u64 {
    (0..4).map(|s| 1u64 << (s * 13 + r - 1)).sum()
}

#[inline]
fn mix(x: u128) -> u128 {
    // xor-shifts and odd multipliers: a bijection of 128-bit words
    let mut x = x ^ (x >> 64);
    x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
    x ^= x >> 59;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9_94d0_49bb_1331_11eb);
    x ^ (x >> 67)
}

struct SplitMix(u64);
impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn word(&mut self) -> u128 {
        (self.next() as u128) << 64 | self.next() as u128
    }
}

#[derive(Clone, Copy)]
struct Bed {
    c: [u8; HEIGHT],
    n: usize,
}

struct Model {
    beds: [Bed; BEDS],
    bq: u64,
    found: [u8; 4],
    links: [i32; 14],
    slack: u8,
    runs: bool,
    safe: bool,
    cut: bool,     // the exhaustive phase: a position `blocked` proves lost is entered but not expanded
    hashing: bool, // keep the 128-bit key up to date (the best-first search keys positions by `canon` instead)
    rank_mask: [u64; 14],
    zbed: Vec<[u128; ELEMS]>,
    zfound: [[u128; 14]; 4],
    bed_key: [u128; BEDS],
    beds_sum: u128,
    found_key: u128,
    ranked: Vec<(i32, u64)>,
}

impl Model {
    fn new(beds: Vec<Vec<u8>>, bq: u64, found: [u8; 4], slack: u8, runs: bool) -> Model {
        let mut rng = SplitMix(0x5041_5254_4552_5245); // "PARTERRE"
        let zbed = (0..HEIGHT).map(|_| {
            let mut row = [0u128; ELEMS];
            for w in row.iter_mut() {
                *w = rng.word();
            }
            row
        }).collect();
        let mut zfound = [[0u128; 14]; 4];
        for row in zfound.iter_mut() {
            for w in row.iter_mut() {
                *w = rng.word();
            }
        }
        let mut rank_masks = [0u64; 14];
        for (r, w) in rank_masks.iter_mut().enumerate().skip(1) {
            *w = rank_mask(r as i32);
        }
        let mut m = Model {
            beds: [Bed { c: [0; HEIGHT], n: 0 }; BEDS],
            bq,
            found,
            links: [0; 14],
            slack,
            runs,
            safe: true,
            cut: false,
            hashing: true,
            rank_mask: rank_masks,
            zbed,
            zfound,
            bed_key: [0; BEDS],
            beds_sum: 0,
            found_key: 0,
            ranked: Vec::with_capacity(64),
        };
        m.beds_sum = mix(0).wrapping_mul(BEDS as u128);
        for (b, bed) in beds.iter().enumerate() {
            for &e in bed {
                if e >= PH {
                    m.links[(e - PH) as usize] += 1;
                }
                m.push(b, e);
            }
        }
        for s in 0..4 {
            m.found_key ^= m.zfound[s][m.found[s] as usize];
        }
        m
    }

    #[inline]
    fn key(&self) -> u128 {
        self.found_key ^ self.beds_sum
    }

    #[inline]
    fn top(&self, b: usize) -> u8 {
        let bed = &self.beds[b];
        if bed.n == 0 {
            EMPTY
        } else {
            bed.c[bed.n - 1]
        }
    }

    #[inline]
    fn push(&mut self, b: usize, e: u8) {
        let n = self.beds[b].n;
        assert!(n < HEIGHT, "a bed higher than {HEIGHT}");
        if self.hashing {
            self.beds_sum = self.beds_sum.wrapping_sub(mix(self.bed_key[b]));
            self.bed_key[b] ^= self.zbed[n][e as usize];
            self.beds_sum = self.beds_sum.wrapping_add(mix(self.bed_key[b]));
        }
        self.beds[b].c[n] = e;
        self.beds[b].n = n + 1;
    }

    #[inline]
    fn pop(&mut self, b: usize) -> u8 {
        let n = self.beds[b].n - 1;
        let e = self.beds[b].c[n];
        if self.hashing {
            self.beds_sum = self.beds_sum.wrapping_sub(mix(self.bed_key[b]));
            self.bed_key[b] ^= self.zbed[n][e as usize];
            self.beds_sum = self.beds_sum.wrapping_add(mix(self.bed_key[b]));
        }
        self.beds[b].n = n;
        e
    }

    #[inline]
    fn raise(&mut self, s: usize) {
        let f = self.found[s] as usize;
        self.found_key ^= self.zfound[s][f] ^ self.zfound[s][f + 1];
        self.found[s] += 1;
    }

    #[inline]
    fn lower(&mut self, s: usize) {
        let f = self.found[s] as usize;
        self.found_key ^= self.zfound[s][f] ^ self.zfound[s][f - 1];
        self.found[s] -= 1;
    }

    #[inline]
    fn spare(&self, r: i32) -> i32 {
        (self.bq & self.rank_mask[r as usize]).count_ones() as i32 - self.links[r as usize]
    }

    fn won(&self) -> bool {
        self.found.iter().map(|&f| f as u32).sum::<u32>() == 52
    }

    // -- playing and taking back (Python: _Model.play, _up, unplay)
    fn play(&mut self, mv: u64, done: &mut Vec<u64>) {
        match mv & 0xff {
            RUN => {
                let (s, f0, k, end, a) = (field(mv, 1) as usize, field(mv, 2), field(mv, 3), field(mv, 4) as u64,
                                          field(mv, 5));
                for i in 0..k {
                    let u = up(BQ, s as u8 * 13 + f0 + i, false);
                    self.do_up(u);
                    done.push(u);
                }
                if end != END_NONE {
                    let u = up(a, s as u8 * 13 + f0 + k, end == END_LINK);
                    self.do_up(u);
                    done.push(u);
                }
            }
            UP => {
                self.do_up(mv);
                done.push(mv);
            }
            _ => {
                let (a, b, lo, hi) = (field(mv, 1) as usize, field(mv, 2) as usize, field(mv, 3) as i32,
                                      field(mv, 4) as i32);
                let mut r = hi;
                while r >= lo {
                    self.push(b, PH + r as u8);
                    self.links[r as usize] += 1;
                    r -= 1;
                }
                let e = self.pop(a);
                self.push(b, e);
                done.push(mv);
            }
        }
        self.safe_plays(done);
    }

    #[inline]
    fn do_up(&mut self, mv: u64) {
        let (src, card, link) = (field(mv, 1), field(mv, 2), field(mv, 3) != 0);
        if src == BQ {
            self.bq ^= 1 << card;
        } else {
            self.pop(src as usize);
            if link {
                self.bq ^= 1 << card;
                self.links[(card % 13 + 1) as usize] -= 1;
            }
        }
        self.raise((card / 13) as usize);
    }

    fn unplay(&mut self, done: &[u64]) {
        for &mv in done.iter().rev() {
            if mv & 0xff == UP {
                let (src, card, link) = (field(mv, 1), field(mv, 2), field(mv, 3) != 0);
                self.lower((card / 13) as usize);
                if src == BQ {
                    self.bq |= 1 << card;
                } else if link {
                    self.push(src as usize, PH + card % 13 + 1);
                    self.bq |= 1 << card;
                    self.links[(card % 13 + 1) as usize] += 1;
                } else {
                    self.push(src as usize, card);
                }
            } else {
                let (a, b, lo, hi) = (field(mv, 1) as usize, field(mv, 2) as usize, field(mv, 3) as i32,
                                      field(mv, 4) as i32);
                let e = self.pop(b);
                self.push(a, e);
                let mut r = hi;
                while r >= lo {
                    self.pop(b);
                    self.links[r as usize] -= 1;
                    r -= 1;
                }
            }
        }
    }

    /// Python: up_moves — the ways the next card of suit s can go up.
    fn up_moves(&self, s: usize, out: &mut Vec<u64>) {
        let f = self.found[s];
        if f == 13 {
            return;
        }
        let card = s as u8 * 13 + f;
        for a in 0..BEDS {
            if self.top(a) == card {
                out.push(up(a as u8, card, false));
                return;
            }
        }
        if self.bq >> card & 1 == 0 {
            return;
        }
        let link = PH + f + 1;
        let before = out.len();
        for a in 0..BEDS {
            if self.top(a) == link {
                out.push(up(a as u8, card, true));
            }
        }
        if out.len() == before && self.spare(f as i32 + 1) > 0 {
            out.push(up(BQ, card, false));
        }
    }

    /// Python: run_moves — `up_moves`, a card up from the bouquet only in a run.
    fn run_moves(&self, s: usize, out: &mut Vec<u64>) {
        let start = out.len();
        self.up_moves(s, out);
        if !self.runs || out.len() == start || field(out[start], 1) != BQ {
            return;
        }
        out.truncate(start);
        let f0 = self.found[s];
        let mut f = f0;
        let mut k = 0u8;
        loop {
            let card = s as u8 * 13 + f;
            if self.bq >> card & 1 == 0 {
                for a in 0..BEDS {
                    if self.top(a) == card {
                        out.push(run(s, f0, k, END_TOP, a));
                    }
                }
                return;
            }
            let link = PH + f + 1;
            let mut ends = false;
            for a in 0..BEDS {
                if self.top(a) == link {
                    out.push(run(s, f0, k, END_LINK, a));
                    ends = true;
                }
            }
            if ends || self.spare(f as i32 + 1) <= 0 {
                return;
            }
            k += 1;
            f += 1;
            if f == 13 {
                out.push(run(s, f0, k, END_NONE, 0));
                return;
            }
        }
    }

    /// Python: safe_plays — every safe card up at once, recorded in `done`.
    fn safe_plays(&mut self, done: &mut Vec<u64>) {
        let mut progress = self.safe;
        while progress {
            progress = false;
            let mut low = *self.found.iter().min().unwrap();
            for s in 0..4 {
                let f = self.found[s];
                if f == 13 || (f > 1 && f > low + self.slack) {
                    continue;
                }
                let card = s as u8 * 13 + f;
                if self.bq >> card & 1 == 0 {
                    for a in 0..BEDS {
                        if self.top(a) == card {
                            self.pop(a);
                            self.raise(s);
                            done.push(up(a as u8, card, false));
                            progress = true;
                            low = *self.found.iter().min().unwrap();
                            break;
                        }
                    }
                    continue;
                }
                let link = PH + f + 1;
                let mut way = None;
                for a in 0..BEDS {
                    if self.top(a) == link {
                        way = Some(up(a as u8, card, true));
                        break;
                    }
                }
                if way.is_none() && self.spare(f as i32 + 1) > 0 {
                    way = Some(up(BQ, card, false));
                }
                if let Some(mv) = way {
                    let src = field(mv, 1);
                    self.bq ^= 1 << card;
                    if src != BQ {
                        self.pop(src as usize);
                        self.links[(f + 1) as usize] -= 1;
                    }
                    self.raise(s);
                    done.push(mv);
                    progress = true;
                    low = *self.found.iter().min().unwrap();
                }
            }
        }
    }

    /// Python: _bed_scores — (dig, cover) of a bed.
    fn bed_scores(&self, b: usize) -> (i32, i32) {
        let best = *self.found.iter().max().unwrap() as i32;
        let bed = &self.beds[b];
        let n = bed.n;
        let (mut d, mut c) = (99i32, 0i32);
        for i in 0..n {
            let e = bed.c[i];
            let need = rank(e) - 1 - if e < 52 { self.found[(e / 13) as usize] as i32 } else { best };
            if i + 1 < n {
                let sc = need * 2 + (n as i32 - 2 - i as i32) * 3;
                if sc < d {
                    d = sc;
                }
            }
            if 12 - need > c {
                c = 12 - need;
            }
        }
        (if n == 1 { 0 } else { d }, c)
    }

    /// Python: _moves(m, ordered) (no noise) — appended to `out`.
    fn moves(&mut self, out: &mut Vec<u64>, ordered: bool) {
        for s in 0..4 {
            self.run_moves(s, out);
        }
        let mut empty = usize::MAX;
        let mut dig = [0i32; BEDS];
        let mut cover = [0i32; BEDS];
        for b in 0..BEDS {
            if self.beds[b].n == 0 {
                if empty == usize::MAX {
                    empty = b;
                }
                continue;
            }
            if !ordered {
                continue;
            }
            let (d, c) = self.bed_scores(b);
            dig[b] = d;
            cover[b] = c;
        }
        let mut spare = [i32::MIN; 14];
        let mut ranked = std::mem::take(&mut self.ranked);
        ranked.clear();
        for a in 0..BEDS {
            let n = self.beds[a].n;
            if n == 0 {
                continue;
            }
            let zr = rank(self.top(a));
            for b in 0..BEDS {
                if b == a || self.beds[b].n == 0 {
                    continue;
                }
                let tr = rank(self.top(b));
                if tr <= zr {
                    continue;
                }
                if tr > zr + 1 {
                    let mut ok = true;
                    for r in zr + 1..tr {
                        if spare[r as usize] == i32::MIN {
                            spare[r as usize] = self.spare(r);
                        }
                        if spare[r as usize] <= 0 {
                            ok = false;
                            break;
                        }
                    }
                    if ok {
                        ranked.push((dig[a] + cover[b] + 3 * (tr - zr - 1), bed_move(a, b, zr + 1, tr - 1)));
                    }
                } else {
                    ranked.push((dig[a] + cover[b], bed_move(a, b, zr + 1, zr)));
                }
            }
            if empty != usize::MAX && n > 1 {
                ranked.push((dig[a] + 3, bed_move(a, empty, 1, 0)));
            }
        }
        if ordered {
            ranked.sort_by_key(|r| r.0); // stable, as Python's sort
        }
        out.extend(ranked.iter().map(|r| r.1));
        self.ranked = ranked;
    }
}

/// The positions entered: open addressing over 128-bit keys (0 marks a free slot; a key 0 is stored as 1), and a
/// small direct-mapped cache of keys known to be in it (most positions met again were met a moment ago: a move
/// and its reverse), which answers those without a miss of the processor's cache in the large table.
struct Table {
    slots: Vec<u128>,
    len: usize,
    recent: Vec<u128>,
}

const RECENT: usize = 1 << 14;

impl Table {
    fn new() -> Table {
        Table { slots: vec![0; 1 << 20], len: 0, recent: vec![0; RECENT] }
    }

    /// Insert `k`; false when it was there already.
    fn insert(&mut self, k: u128) -> bool {
        let k = if k == 0 { 1 } else { k };
        let r = k as usize & (RECENT - 1);
        if self.recent[r] == k {
            return false;
        }
        self.recent[r] = k;
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = (k >> 64) as usize & mask;
        loop {
            let s = self.slots[i];
            if s == 0 {
                self.slots[i] = k;
                self.len += 1;
                return true;
            }
            if s == k {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![0; 0]);
        self.slots = vec![0; old.len() * 2];
        let mask = self.slots.len() - 1;
        for k in old.into_iter().filter(|&k| k != 0) {
            let mut i = (k >> 64) as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = k;
        }
    }
}

/// Python: _walk (`strategies.depth_first` over `_moves`): from `m` as it is, WON with the line of played moves,
/// "unknown" at a limit, `dry` when every line was tried; `streamlined` (the probe, `_dfs`): only the first move
/// when it is a card up. `m` is left as it was found.
fn walk(m: &mut Model, node_limit: u64, millis: i64, start: Instant, streamlined: bool, dry: &'static str)
        -> (&'static str, u64, Vec<u64>) {
    let mut done: Vec<u64> = Vec::new(); // each entered position's moves (with their safe plays)
    if m.won() {
        return ("won", 0, done);
    }
    let mut seen = Table::new();
    seen.insert(m.key());
    let mut line: Vec<usize> = Vec::new(); // where each entered position's moves start in `done`
    let mut moves: Vec<u64> = Vec::new(); // the moves left at each depth, one frame after another
    let mut frames: Vec<(usize, usize)> = Vec::new(); // (start, next) of each depth's frame in `moves`
    choices(m, &mut moves, streamlined);
    frames.push((0, 0));
    let mut nodes = 0u64;
    let mut status = dry;
    while let Some(frame) = frames.last_mut() {
        if frame.1 == moves.len() {
            moves.truncate(frame.0);
            frames.pop();
            if let Some(ds) = line.pop() {
                m.unplay(&done[ds..]);
                done.truncate(ds);
            }
            continue;
        }
        let mv = moves[frame.1];
        frame.1 += 1;
        let ds = done.len();
        m.play(mv, &mut done);
        if !seen.insert(m.key()) {
            m.unplay(&done[ds..]);
            done.truncate(ds);
            continue;
        }
        line.push(ds);
        if m.won() {
            status = "won";
            break;
        }
        nodes += 1;
        if nodes >= node_limit
            || (millis >= 0 && nodes % 256 == 0 && start.elapsed().as_millis() as i64 > millis)
        {
            status = "unknown";
            break;
        }
        let at = moves.len();
        choices(m, &mut moves, streamlined);
        frames.push((at, at));
    }
    let out = if status == "won" { done.clone() } else { Vec::new() };
    while let Some(ds) = line.pop() {
        m.unplay(&done[ds..]);
        done.truncate(ds);
    }
    (status, nodes, out)
}

/// The moves a depth-first walk tries at `m`'s position, appended to `out`: `_moves(m)`, and for the streamlined
/// probe (`_dfs`) only the first when it is a card up.
fn choices(m: &mut Model, out: &mut Vec<u64>, streamlined: bool) {
    if m.cut && m.blocked() {
        return;
    }
    let at = out.len();
    m.moves(out, true);
    if streamlined && out.len() > at && out[at] & 0xff == UP {
        out.truncate(at + 1);
    }
}

/// Python: _exhaust — a copy of `m` on the stronger model (slack 1, runs), its root safe plays, then the walk (with
/// `cut`, no position that `blocked` proves lost is expanded).
fn exhaust(m: &Model, node_limit: u64, millis: i64, start: Instant, slack: u8, runs: bool, cut: bool)
        -> (&'static str, u64, Vec<u64>) {
    let mut pos = Model::new(m.beds_vec(), m.bq, m.found, slack, runs);
    pos.safe = m.safe;
    pos.cut = cut;
    let mut root: Vec<u64> = Vec::new();
    pos.safe_plays(&mut root);
    if pos.won() {
        return ("won", 0, root);
    }
    let (status, nodes, played) = walk(&mut pos, node_limit, millis, start, false, "lost");
    if status == "won" {
        root.extend(played);
        (status, nodes, root)
    } else {
        (status, nodes, Vec::new())
    }
}

impl Model {
    /// Python: _blocked — is some card sure never to go up? The least fixpoint of the bed places shown to be
    /// emptied (`kept[b]`: bed b's elements at or above it) and the cards shown to go up (`upto[s]`); the
    /// argument is `_why_blocked`'s. The fixpoint is unique, so the order in which the rules are applied here
    /// (each bed emptied as far as it goes at once, hosts noted as they are shown) need not be Python's.
    fn blocked(&self) -> bool {
        let mut spare = [0i32; 15];
        for (r, v) in spare.iter_mut().enumerate().take(14).skip(1) {
            *v = self.spare(r as i32);
        }
        let mut place = [(0u8, 0u8); 52];
        let mut kept = [0usize; BEDS];
        let mut host = [false; 15];
        let mut bound = [false; 15];
        for b in 0..BEDS {
            let bed = &self.beds[b];
            kept[b] = bed.n;
            for i in 0..bed.n {
                if bed.c[i] < PH {
                    place[bed.c[i] as usize] = (b as u8, i as u8);
                }
            }
            if bed.n > 0 {
                let e = bed.c[bed.n - 1];
                host[rank(e) as usize] = true;
                if e >= PH {
                    bound[(e - PH) as usize] = true;
                }
            }
        }
        // bed b's elements from index `from` down to the new exposable one are shown (or gone): hosts, links
        fn show(bed: &Bed, kept: usize, from: usize, host: &mut [bool; 15], bound: &mut [bool; 15]) {
            for i in kept.saturating_sub(1)..from {
                let e = bed.c[i];
                host[rank(e) as usize] = true;
                if e >= PH {
                    bound[(e - PH) as usize] = true;
                }
            }
        }
        let mut upto = self.found;
        let mut space = kept.contains(&0);
        loop {
            for r in (1..14).rev() {
                if spare[r] > 0 && host[r + 1] {
                    host[r] = true;
                }
            }
            let mut changed = false;
            for s in 0..4 {
                while upto[s] < 13 {
                    let c = s as u8 * 13 + upto[s];
                    let r = upto[s] as usize + 1;
                    if self.bq >> c & 1 == 1 {
                        if spare[r] <= 0 && !bound[r] {
                            break;
                        }
                    } else {
                        let (b, i) = (place[c as usize].0 as usize, place[c as usize].1 as usize);
                        if i + 1 < kept[b] {
                            break;
                        }
                        if i < kept[b] {
                            show(&self.beds[b], i, kept[b].saturating_sub(1), &mut host, &mut bound);
                            kept[b] = i;
                            space |= i == 0;
                        }
                    }
                    upto[s] += 1;
                    changed = true;
                }
            }
            for b in 0..BEDS {
                while kept[b] > 0 {
                    let e = self.beds[b].c[kept[b] - 1];
                    let r = rank(e);
                    let leaves = host[r as usize + 1]
                        || space
                        || (e >= PH
                            && (0..4).any(|s| self.bq >> (s * 13 + r - 1) & 1 == 1 && upto[s as usize] as i32 >= r - 1));
                    if !leaves {
                        break;
                    }
                    kept[b] -= 1;
                    show(&self.beds[b], kept[b], kept[b], &mut host, &mut bound);
                    space |= kept[b] == 0;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        upto.iter().any(|&u| u < 13) || kept.iter().any(|&k| k > 0)
    }

    fn beds_vec(&self) -> Vec<Vec<u8>> {
        self.beds.iter().map(|b| b.c[..b.n].to_vec()).collect()
    }

    /// Python: _Model.key — the foundation heights, then the beds sorted (as byte strings), joined by 0xff.
    fn canon(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(&self.found);
        let mut order = [0usize, 1, 2, 3, 4, 5];
        order.sort_by(|&a, &b| self.beds[a].c[..self.beds[a].n].cmp(&self.beds[b].c[..self.beds[b].n]));
        for (i, &b) in order.iter().enumerate() {
            if i > 0 {
                out.push(0xff);
            }
            out.extend_from_slice(&self.beds[b].c[..self.beds[b].n]);
        }
    }

    /// Python: _decode — set the position named by `key` (beds in its order; the bouquet is every card neither up
    /// nor in a bed; links counted from the beds).
    fn load(&mut self, key: &[u8]) {
        for s in 0..4 {
            self.found[s] = key[s];
        }
        self.found_key = 0;
        for s in 0..4 {
            self.found_key ^= self.zfound[s][self.found[s] as usize];
        }
        self.links = [0; 14];
        self.bed_key = [0; BEDS];
        self.beds_sum = mix(0).wrapping_mul(BEDS as u128);
        let mut bq = 0u64;
        for c in 0..52u8 {
            if c % 13 >= self.found[(c / 13) as usize] {
                bq |= 1 << c;
            }
        }
        let mut b = 0;
        self.beds[0].n = 0;
        for &e in &key[4..] {
            if e == 0xff {
                b += 1;
                self.beds[b].n = 0;
                continue;
            }
            if e >= PH {
                self.links[(e - PH) as usize] += 1;
            } else {
                bq ^= 1 << e;
            }
            self.push(b, e);
        }
        assert!(b == BEDS - 1, "a key of {} beds", b + 1);
        self.bq = bq;
    }

    /// Python: _h — the best-first search's estimate (lower is better).
    fn h(&self) -> i32 {
        let best = *self.found.iter().max().unwrap() as i32;
        let mut pen = 0i32;
        for bed in self.beds.iter() {
            let n = bed.n;
            if n == 0 {
                pen -= H_EMPTY;
                continue;
            }
            for i in 0..n {
                let e = bed.c[i];
                if e >= PH {
                    pen += H_LINK;
                }
                if i + 1 < n {
                    let need = rank(e) - 1 - if e < 52 { self.found[(e / 13) as usize] as i32 } else { best };
                    if need < H_NEED {
                        pen += (n - 1 - i) as i32 * (H_NEED - need);
                    }
                }
            }
        }
        pen - H_FOUND * self.found.iter().map(|&f| f as i32).sum::<i32>()
    }
}

const H_NEED: i32 = 8;
const H_FOUND: i32 = 12;
const H_EMPTY: i32 = 4;
const H_LINK: i32 = 3;

/// The positions the best-first search has found, each kept as its key (`canon`) in one arena, with its parent;
/// open addressing over (index + 1, 32 bits of the hash) finds a key, compared byte for byte: exact, as Python's
/// dict of keys.
struct Found {
    bytes: Vec<u8>,
    start: Vec<u32>, // key i is bytes[start[i]..start[i + 1]]
    parent: Vec<u32>,
    slots: Vec<u64>,
}

const NONE: u32 = u32::MAX;

fn hash_bytes(b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ b.len() as u64;
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().unwrap());
        h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    }
    for &x in chunks.remainder() {
        h = (h ^ x as u64).wrapping_mul(0x1000_0000_01b3);
    }
    h ^= h >> 31;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 29)
}

impl Found {
    fn new() -> Found {
        Found { bytes: Vec::new(), start: vec![0], parent: Vec::new(), slots: vec![0; 1 << 16] }
    }

    fn key(&self, i: u32) -> &[u8] {
        &self.bytes[self.start[i as usize] as usize..self.start[i as usize + 1] as usize]
    }

    /// The index of `key`, inserted with `parent` when new; and whether it was new.
    fn insert(&mut self, key: &[u8], parent: u32) -> (u32, bool) {
        if (self.parent.len() + 1) * 3 > self.slots.len() * 2 {
            self.grow();
        }
        let h = hash_bytes(key);
        let tag = h >> 32;
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let s = self.slots[i];
            if s == 0 {
                break;
            }
            if s >> 32 == tag {
                let idx = (s as u32) - 1;
                if self.key(idx) == key {
                    return (idx, false);
                }
            }
            i = (i + 1) & mask;
        }
        let idx = self.parent.len() as u32;
        self.bytes.extend_from_slice(key);
        self.start.push(self.bytes.len() as u32);
        self.parent.push(parent);
        self.slots[i] = tag << 32 | (idx as u64 + 1);
        (idx, true)
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![0; size];
        let mask = size - 1;
        for idx in 0..self.parent.len() as u32 {
            let h = hash_bytes(self.key(idx));
            let mut i = h as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (h >> 32) << 32 | (idx as u64 + 1);
        }
    }
}

/// Python: _best_first (`strategies.best_first` over `_decode`d positions, `_h` + bf_depth a move made, the most
/// recently found first among equals, `_moves(pos, False)`), then `_line_to` for a win. Returns (status, positions
/// expanded, the line of played moves from `m` in its own bed order).
fn best_first(m: &mut Model, node_limit: u64, millis: i64, start: Instant, bf_depth: i32)
        -> (&'static str, u64, Vec<u64>) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    if m.won() {
        return ("won", 0, Vec::new());
    }
    let mut found = Found::new();
    let mut ck: Vec<u8> = Vec::with_capacity(128);
    m.canon(&mut ck);
    found.insert(&ck, NONE);
    // (priority, recency, depth, index): BinaryHeap pops the largest, so the priority is reversed and a later
    // position (a larger tick) comes first among equal priorities, as Python's heap with a falling tick
    let mut heap: BinaryHeap<(Reverse<i32>, u32, u32, u32)> = BinaryHeap::new();
    heap.push((Reverse(m.h()), 0, 0, 0));
    let mut tick = 0u32;
    let mut nodes = 0u64;
    let mut pos = Model::new(vec![Vec::new(); BEDS], 0, [0; 4], 0, false);
    pos.safe = m.safe;
    pos.hashing = false;
    let mut key: Vec<u8> = Vec::with_capacity(128);
    let mut moves: Vec<u64> = Vec::new();
    let mut done: Vec<u64> = Vec::new();
    while let Some((_, _, depth, k)) = heap.pop() {
        nodes += 1;
        if nodes > node_limit || (millis >= 0 && nodes % 64 == 0 && start.elapsed().as_millis() as i64 > millis) {
            return ("unknown", nodes, Vec::new());
        }
        key.clear();
        key.extend_from_slice(found.key(k));
        pos.load(&key);
        moves.clear();
        pos.moves(&mut moves, false);
        for &mv in moves.iter() {
            done.clear();
            pos.play(mv, &mut done);
            pos.canon(&mut ck);
            if pos.won() {
                let (idx, _) = found.insert(&ck, k);
                let mut keys: Vec<Vec<u8>> = Vec::new();
                let mut i = idx;
                while found.parent[i as usize] != NONE {
                    keys.push(found.key(i).to_vec());
                    i = found.parent[i as usize];
                }
                keys.reverse();
                drop(found);
                return ("won", nodes, line_to(m, &keys));
            }
            let (idx, new) = found.insert(&ck, k);
            if new {
                tick += 1;
                heap.push((Reverse(pos.h() + bf_depth * (depth as i32 + 1)), tick, depth + 1, idx));
            }
            pos.unplay(&done);
        }
    }
    ("lost", nodes, Vec::new())
}

/// Python: _line_to — the played moves from `m` (its own bed order) through the positions named by `keys`: at each
/// step the first of `_moves(m, False)` whose position has the next key. `m` is left as it was.
fn line_to(m: &mut Model, keys: &[Vec<u8>]) -> Vec<u64> {
    let mut played: Vec<u64> = Vec::new();
    let mut starts: Vec<usize> = Vec::new();
    let mut ck: Vec<u8> = Vec::new();
    for nxt in keys {
        let mut moves = Vec::new();
        m.moves(&mut moves, false);
        let mut ok = false;
        for mv in moves {
            let at = played.len();
            m.play(mv, &mut played);
            m.canon(&mut ck);
            if ck == *nxt {
                starts.push(at);
                ok = true;
                break;
            }
            m.unplay(&played[at..]);
            played.truncate(at);
        }
        if !ok {
            fail("no move leads to the next position of the line");
        }
    }
    let mut undo = played.clone();
    for &at in starts.iter().rev() {
        m.unplay(&undo[at..]);
        undo.truncate(at);
    }
    played
}

/// Python: _search — the streamlined probe (`probe` positions, when at least 20), the best-first search with what
/// is left of `first`, then the exhaustive phase (slack 1, runs) with what is left of `node_limit`.
fn search(m: &mut Model, first: u64, node_limit: u64, millis: i64, start: Instant, probe: u64, bf_depth: i32)
        -> (&'static str, u64, Vec<u64>) {
    let mut spent = 0u64;
    if probe >= 20 {
        let (status, nodes, line) = walk(m, probe, millis, start, true, "unknown");
        spent += nodes;
        if status == "won" {
            return (status, spent, line);
        }
    }
    if spent < first {
        let (status, nodes, line) = best_first(m, first - spent, millis, start, bf_depth);
        spent += nodes;
        if status != "unknown" {
            return (status, spent, line);
        }
    }
    if node_limit <= spent {
        return ("unknown", spent, Vec::new());
    }
    let (status, nodes, line) = exhaust(m, node_limit - spent, millis, start, 1, true, true);
    (status, spent + nodes, line)
}

fn fail(msg: &str) -> ! {
    eprintln!("parterre-exhaust: {msg}");
    std::process::exit(2);
}

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap_or_else(|e| fail(&format!("stdin: {e}")));
    // "search first node_limit milliseconds probe bf_depth safe slack runs": the whole `_search`; else the
    // exhaustive phase alone ("slack runs node_limit milliseconds")
    let whole = text.trim_start().starts_with("search");
    let body = if whole { &text.trim_start()["search".len()..] } else { &text[..] };
    let mut it = body
        .split_ascii_whitespace()
        .map(|w| w.parse::<i64>().unwrap_or_else(|_| fail(&format!("not a number: {w}"))));
    let mut next = || it.next().unwrap_or_else(|| fail("input ends too early"));
    let head: Vec<i64> = (0..if whole { 8 } else { 5 }).map(|_| next()).collect();
    let mut found = [0u8; 4];
    for f in found.iter_mut() {
        *f = next() as u8;
    }
    let bq = next() as u64;
    let mut beds = Vec::new();
    for _ in 0..BEDS {
        let n = next();
        beds.push((0..n).map(|_| next() as u8).collect::<Vec<u8>>());
    }
    let start = Instant::now();
    let (status, nodes, line) = if whole {
        let (first, node_limit, millis, probe, bf_depth, safe, slack, runs) =
            (head[0], head[1], head[2], head[3], head[4], head[5], head[6], head[7]);
        let mut m = Model::new(beds, bq, found, slack as u8, runs != 0);
        m.safe = safe != 0;
        search(&mut m, first as u64, node_limit as u64, millis, start, probe as u64, bf_depth as i32)
    } else {
        let (slack, runs, node_limit, millis, cut) = (head[0], head[1], head[2], head[3], head[4]);
        let m = Model::new(beds, bq, found, 0, false);
        exhaust(&m, node_limit as u64, millis, start, slack as u8, runs != 0, cut != 0)
    };
    let seconds = start.elapsed().as_secs_f64();
    let mut out = String::new();
    out.push_str(&format!("{status} {nodes} {seconds:.3}\n"));
    for mv in line {
        if mv & 0xff == UP {
            let src = field(mv, 1);
            out.push_str(&format!("U {} {} {}\n", if src == BQ { -1 } else { src as i32 }, field(mv, 2), field(mv, 3)));
        } else {
            out.push_str(&format!("B {} {}", field(mv, 1), field(mv, 2)));
            let (lo, hi) = (field(mv, 3) as i32, field(mv, 4) as i32);
            let mut r = hi;
            while r >= lo {
                out.push_str(&format!(" {r}"));
                r -= 1;
            }
            out.push('\n');
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap_or_else(|e| fail(&format!("stdout: {e}")));
}

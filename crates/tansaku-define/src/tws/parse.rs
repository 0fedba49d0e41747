//! Reading a `.tws` file: the statements (`Name`, `Set`, `Solved`,
//! `Move`), each block's sets with their permutation and orientation
//! lines, the powers of every move, the comments tansaku reads
//! (`# tansaku-expect`, `# tansaku-prune`). Every mistake names its line.

use super::*;

/// A move as declared: its name, and per piece its source slot and twist.
type BaseMove = (String, Vec<u8>, Vec<u8>);

/// The file's lines that hold words (comments cut), with their numbers.
type Lines<'a> = Vec<(usize, Vec<&'a str>)>;

/// What the statements declared, as they are read.
#[derive(Default)]
struct Read {
    name: String,
    sets: Vec<PieceSet>,
    solved: Option<Vec<u8>>,
    goals: Vec<Vec<u8>>,
    solved_counts: Vec<Vec<u32>>,
    base: Vec<BaseMove>,
    offset: usize,
    /// `MoveSequence` and `MoveAlias` lines: (line, name, moves, alias).
    sequences: Vec<(usize, String, Vec<String>, bool)>,
    /// `Illegal SET SLOT PIECE...` lines: (line, set, slot, pieces).
    illegal: Vec<(usize, usize, usize, Vec<usize>)>,
}

impl Tws {
    /// Parses a `.tws` file.
    pub(crate) fn parse(src: &Src, metric: Option<&str>) -> Result<Tws, DefError> {
        let metric = match metric.unwrap_or("htm") {
            "htm" => TwsMetric::Htm,
            "qtm" => TwsMetric::Qtm,
            other => {
                return Err(src.error(format!(
                    "metric '{other}' is not known for a .tws puzzle: use htm (every turn is one move) or qtm (quarter turns)"
                )));
            }
        };
        let lines: Lines = src
            .text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                (
                    i + 1,
                    l.split('#').next().unwrap_or("").split_whitespace().collect::<Vec<_>>(),
                )
            })
            .filter(|(_, w)| !w.is_empty())
            .collect();
        let mut r = Read {
            name: src.stem(),
            ..Read::default()
        };
        let mut i = 0;
        while i < lines.len() {
            let (ln, w) = &lines[i];
            match w[0] {
                "Name" => {
                    r.name = w.get(1).map_or(r.name, |s| s.to_string());
                    i += 1;
                }
                "Set" => {
                    r.set(src, *ln, w)?;
                    i += 1;
                }
                "Solved" | "Move" | "MoveTransformation" => i = r.block(src, &lines, i)?,
                "MoveSequence" | "MoveAlias" => {
                    r.sequence(src, *ln, w)?;
                    i += 1;
                }
                "Illegal" => {
                    r.illegal_line(src, *ln, w)?;
                    i += 1;
                }
                "StartState" => {
                    return Err(src.error_line(
                        *ln,
                        "StartState is not read by tansaku: give the start with --board (a scramble, or a position SET p1 .. pn / o1 .. on | ...)".into(),
                    ));
                }
                other => {
                    return Err(src.error_line(
                        *ln,
                        format!(
                            "'{other}' is not a .tws statement here (Name, Set, Solved, Move, MoveTransformation, MoveSequence, MoveAlias, Illegal, End)"
                        ),
                    ));
                }
            }
        }
        let Some(solved) = r.solved.take() else {
            return Err(src.error("no Solved block".into()));
        };
        if r.base.is_empty() {
            return Err(src.error("no Move block".into()));
        }
        r.finish_sets(&solved);
        let mut t = Tws {
            fingerprint: xxhash_rust::xxh3::xxh3_64(src.text.as_bytes()),
            name: r.name,
            sets: r.sets,
            bytes: r.offset,
            solved,
            goals: r.goals,
            actions: Vec::new(),
            metric_moves: Vec::new(),
            metric,
            expect: Vec::new(),
            prune: Vec::new(),
            next: Vec::new(),
            symmetries: std::sync::OnceLock::new(),
            parity: std::sync::OnceLock::new(),
            reduced: false,
            idle: Vec::new(),
            extra: Vec::new(),
            illegal: Vec::new(),
            sparse: Vec::new(),
            reach: None,
        };
        for (name, from, twist) in &r.base {
            t.add_move(src, name, from, twist, !is_rotation(name))?;
        }
        t.add_sequences(src, &r.sequences)?;
        t.illegal = illegal_slots(src, &t, &r.illegal)?;
        t.reduced = t.has_alike_or_blind();
        t.metric_moves = (0..t.actions.len())
            .filter(|&i| metric == TwsMetric::Htm || t.actions[i].quarter)
            .collect();
        // A move that changes only blank sets is standing still.
        let (idle, moves): (Vec<usize>, Vec<usize>) = t.metric_moves.iter().partition(|&&i| t.is_idle(&t.actions[i]));
        t.idle = idle.iter().map(|&i| t.actions[i].name.clone()).collect();
        t.metric_moves = moves;
        t.expect = expect_comments(src, &["htm", "qtm"], metric.name())?;
        t.prune = prune_comments(src, &t)?;
        t.canonical();
        t.index_sparse();
        Ok(t)
    }

    /// Every power of a declared move, named as twsearch names them (`R`,
    /// `R2`, `R2'`, `R'`): a move of the search when `searched`, else one a
    /// scramble may name (a rotation, an alias).
    fn add_move(&mut self, src: &Src, mname: &str, from: &[u8], twist: &[u8], searched: bool) -> Result<(), DefError> {
        if let Some(a) = self.actions.iter().chain(&self.extra).find(|a| a.name == mname) {
            let what = if a.power > 1 {
                " (as a power of another move)"
            } else {
                ""
            };
            return Err(src.error(format!("move '{mname}' is defined twice{what}: rename it")));
        }
        let b = if searched {
            self.actions.last().map_or(0, |a| a.base + 1)
        } else {
            u16::MAX
        };
        let mv = Action {
            name: mname.to_string(),
            from: from.to_vec(),
            twist: twist.to_vec(),
            quarter: true,
            base: b,
            power: 1,
        };
        let identity = self.identity_action();
        let mut power = self.compose(&identity, &mv);
        let mut powers = vec![power.clone()];
        while !self.is_identity(&power) {
            power = self.compose(&power, &mv);
            powers.push(power.clone());
            if powers.len() > 10_000 {
                return Err(src.error(format!("move '{mname}' has an order above 10000")));
            }
        }
        let order = powers.len();
        for (j, p) in powers.into_iter().take(order - 1).enumerate() {
            let j = j + 1;
            let name = if j == 1 {
                mname.to_string()
            } else if j == order - 1 {
                format!("{mname}'")
            } else if 2 * j <= order {
                format!("{mname}{j}")
            } else {
                format!("{mname}{}'", order - j)
            };
            let a = Action {
                name,
                quarter: j == 1 || j == order - 1,
                base: b,
                power: j as u16,
                ..p
            };
            if searched {
                self.actions.push(a);
            } else {
                self.extra.push(a);
            }
        }
        Ok(())
    }

    /// `MoveSequence NAME MOVES` and `MoveAlias NAME MOVES`, as twsearch
    /// reads them: a new move, the product of moves (their powers,
    /// rotations, earlier sequences) defined anywhere in the file. A
    /// sequence is a move of the search; an alias (and a rotation) only a
    /// name a scramble may use.
    fn add_sequences(&mut self, src: &Src, seqs: &[(usize, String, Vec<String>, bool)]) -> Result<(), DefError> {
        let mut left: Vec<&(usize, String, Vec<String>, bool)> = seqs.iter().collect();
        while !left.is_empty() {
            let before = left.len();
            let mut i = 0;
            while i < left.len() {
                let (ln, name, words, alias) = left[i];
                let found: Option<Vec<Action>> = words
                    .iter()
                    .map(|w| self.actions.iter().chain(&self.extra).find(|a| a.name == *w).cloned())
                    .collect();
                let Some(found) = found else {
                    i += 1;
                    continue;
                };
                let product = found
                    .iter()
                    .fold(self.identity_action(), |acc, m| self.compose(&acc, m));
                let searched = !alias && !is_rotation(name);
                self.add_move(src, name, &product.from, &product.twist, searched)
                    .map_err(|e| src.error_line(*ln, e.message))?;
                left.remove(i);
            }
            if left.len() == before {
                let (ln, name, words, _) = left[0];
                let unknown: Vec<&str> = words
                    .iter()
                    .filter(|w| !self.actions.iter().chain(&self.extra).any(|a| a.name == **w))
                    .map(String::as_str)
                    .collect();
                return Err(src.error_line(
                    *ln,
                    format!(
                        "the sequence '{name}' names moves the file does not define: {}",
                        unknown.join(" ")
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Whether twsearch takes a move of this name for a rotation of the whole
/// puzzle (`x`, `y2`, `z'`, or capitals and `_` then `v`: `Fv`, `DBRv`):
/// not a move of the search, but one a scramble or a sequence may name.
pub(super) fn is_rotation(name: &str) -> bool {
    let b = name.as_bytes();
    if let [c, rest @ ..] = b
        && matches!(c, b'x' | b'y' | b'z')
        && (rest.is_empty() || rest == b"2" || rest == b"'")
    {
        return true;
    }
    let caps = b.iter().take_while(|&&c| c == b'_' || c.is_ascii_uppercase()).count();
    caps > 0 && caps + 1 == b.len() && b[caps] == b'v'
}

/// The `Illegal` lines as (byte of the slot, classes forbidden there, a
/// bit each): a position with such a piece on such a slot is never
/// entered, as twsearch reads them.
fn illegal_slots(
    src: &Src,
    t: &Tws,
    lines: &[(usize, usize, usize, Vec<usize>)],
) -> Result<Vec<(usize, [u64; 4])>, DefError> {
    let mut out: Vec<(usize, [u64; 4])> = Vec::new();
    for (ln, k, slot, pieces) in lines {
        let set = &t.sets[*k];
        if *slot == 0 || *slot > set.count {
            return Err(src.error_line(
                *ln,
                format!(
                    "Illegal: set '{}' has slots 1 to {}; {slot} is not one",
                    set.name, set.count
                ),
            ));
        }
        let byte = set.offset + slot - 1;
        let at = match out.iter().position(|(b, _)| *b == byte) {
            Some(i) => i,
            None => {
                out.push((byte, [0; 4]));
                out.len() - 1
            }
        };
        for &p in pieces {
            let Some(c) = set.labels.iter().position(|&l| l == p) else {
                return Err(src.error_line(
                    *ln,
                    format!(
                        "Illegal: {p} is not a piece of set '{}' (its Solved block's numbers)",
                        set.name
                    ),
                ));
            };
            out[at].1[c / 64] |= 1 << (c % 64);
        }
    }
    Ok(out)
}

impl Read {
    /// A `MoveSequence NAME M1 M2 ...` or `MoveAlias NAME M1 M2 ...` line
    /// (moves separated by spaces or commas).
    fn sequence(&mut self, src: &Src, ln: usize, w: &[&str]) -> Result<(), DefError> {
        let moves: Vec<String> = w[2.min(w.len())..]
            .iter()
            .flat_map(|x| x.split(','))
            .filter(|x| !x.is_empty())
            .map(str::to_string)
            .collect();
        if w.len() < 3 || moves.is_empty() {
            return Err(src.error_line(ln, format!("write: {} NAME MOVES, e.g. {} R Fv L Fv", w[0], w[0])));
        }
        if self.sequences.iter().any(|(_, n, _, _)| n == w[1]) || self.base.iter().any(|(n, _, _)| n == w[1]) {
            return Err(src.error_line(ln, format!("move '{}' is defined twice", w[1])));
        }
        self.sequences.push((ln, w[1].to_string(), moves, w[0] == "MoveAlias"));
        Ok(())
    }

    /// An `Illegal SET SLOT PIECE [PIECE ...]` line: those pieces (numbered
    /// as in the Solved block) may never stand on that slot (from 1).
    fn illegal_line(&mut self, src: &Src, ln: usize, w: &[&str]) -> Result<(), DefError> {
        let usage = || {
            src.error_line(
                ln,
                "write: Illegal SET SLOT PIECE [PIECE ...], e.g. Illegal SLICE 1 15".into(),
            )
        };
        if w.len() < 4 {
            return Err(usage());
        }
        let Some(k) = self.sets.iter().position(|s| s.name == w[1]) else {
            return Err(src.error_line(
                ln,
                format!(
                    "Illegal: '{}' is not a set of this puzzle (sets: {})",
                    w[1],
                    self.sets.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
                ),
            ));
        };
        let nums: Option<Vec<usize>> = w[2..].iter().map(|x| x.parse().ok()).collect();
        let nums = nums.ok_or_else(usage)?;
        self.illegal.push((ln, k, nums[0], nums[1..].to_vec()));
        Ok(())
    }

    /// A `Set NAME PIECES ORIENTATIONS` line.
    fn set(&mut self, src: &Src, ln: usize, w: &[&str]) -> Result<(), DefError> {
        if self.solved.is_some() || !self.base.is_empty() {
            return Err(src.error_line(ln, "Set lines come before Solved and Move blocks".into()));
        }
        let parse = |k: usize| w.get(k).and_then(|t| t.parse::<usize>().ok());
        let (Some(n), Some(o)) = (parse(2), parse(3)) else {
            return Err(src.error_line(ln, "write a set as: Set NAME PIECES ORIENTATIONS".into()));
        };
        if n > 255 {
            return Err(src.error_line(
                ln,
                format!(
                    "set '{}' has {n} pieces: a set holds at most 255 (as in twsearch); split it",
                    w[1]
                ),
            ));
        }
        if n == 0 || !(1..=255).contains(&o) {
            return Err(src.error_line(ln, format!("set '{}': {n} pieces with {o} orientations", w[1])));
        }
        if self.sets.iter().any(|s| s.name == w[1]) {
            return Err(src.error_line(ln, format!("set '{}' is declared twice", w[1])));
        }
        self.sets.push(PieceSet {
            name: w[1].to_string(),
            count: n,
            orientations: o as u8,
            offset: self.offset,
            classes: Multiset::new(&[1]).expect("one"),
            sum_kept: false,
            solved_sum: 0,
            blind: 0,
            seen: n,
            piece_order: false,
            labels: Vec::new(),
        });
        self.offset += 2 * n;
        Ok(())
    }

    /// A `Solved` or `Move` block starting at line `i`; returns the line
    /// after its `End`.
    fn block(&mut self, src: &Src, lines: &Lines, i: usize) -> Result<usize, DefError> {
        let (ln, w) = &lines[i];
        let kind = match w[0] {
            "Move" => BlockKind::Move,
            "MoveTransformation" => BlockKind::Transformation,
            _ => BlockKind::Solved,
        };
        let is_move = kind != BlockKind::Solved;
        if self.sets.is_empty() {
            return Err(src.error_line(*ln, "declare the sets (Set NAME PIECES ORIENTATIONS) first".into()));
        }
        let move_name = if is_move {
            match w.get(1) {
                Some(n) => n.to_string(),
                None => return Err(src.error_line(*ln, format!("a {} needs a name: {} R", w[0], w[0]))),
            }
        } else {
            String::new()
        };
        if is_move && self.base.iter().any(|(n, _, _)| *n == move_name) {
            return Err(src.error_line(*ln, format!("move '{move_name}' is defined twice")));
        }
        let (block, next) = read_block(src, lines, i + 1, &self.sets, kind)?;
        if is_move {
            self.base.push((move_name, block.perm, block.twist));
            return Ok(next);
        }
        if self.solved.is_some() {
            // A further solved position: the first block's pieces
            // (numbers), each as often, rearranged.
            let s = further_solved(&self.sets, &self.solved_counts, &block)
                .map_err(|m| src.error_line(*ln, format!("a further Solved block: {m}")))?;
            if !self.goals.contains(&s) {
                self.goals.push(s);
            }
            return Ok(next);
        }
        self.solved_counts = block.counts;
        for (k, (set, labels)) in self.sets.iter_mut().zip(block.labels).enumerate() {
            set.labels = labels;
            set.blind = block.blind[k];
        }
        let mut s = vec![0u8; self.offset];
        for set in &self.sets {
            s[set.offset..set.offset + set.count]
                .copy_from_slice(&block.perm[set.offset / 2..set.offset / 2 + set.count]);
            s[set.offset + set.count..set.offset + 2 * set.count]
                .copy_from_slice(&block.twist[set.offset / 2..set.offset / 2 + set.count]);
        }
        self.goals.push(s.clone());
        self.solved = Some(s);
        Ok(next)
    }

    /// Each set's classes, orientation sum and the pieces whose
    /// orientation counts, once the file is read.
    fn finish_sets(&mut self, solved: &[u8]) {
        for (k, set) in self.sets.iter_mut().enumerate() {
            // A set of more than 20 distinct pieces is read all the same:
            // it has no ranks, so it is searched, not tabled whole.
            set.classes =
                Multiset::new(&self.solved_counts[k]).unwrap_or_else(|| Multiset::unranked(&self.solved_counts[k]));
            let o = u32::from(set.orientations);
            let sum_of = |g: &[u8]| {
                g[set.offset + set.count..set.offset + 2 * set.count]
                    .iter()
                    .map(|&x| u32::from(x))
                    .sum::<u32>()
                    % o
            };
            set.solved_sum = sum_of(solved);
            // Pieces whose orientation is ignored (`?`) absorb any sum.
            set.seen = (0..set.count)
                .filter(|&i| set.blind >> solved[set.offset + i] & 1 == 0)
                .count();
            // Solved positions of different sums: both sums are reached.
            set.sum_kept = set.blind == 0
                && self.goals.iter().all(|g| sum_of(g) == set.solved_sum)
                && self.base.iter().all(|(_, _, twist)| {
                    twist[set.offset / 2..set.offset / 2 + set.count]
                        .iter()
                        .map(|&x| u32::from(x))
                        .sum::<u32>()
                        % o
                        == 0
                });
        }
    }
}

/// A Solved or Move block as read.
struct Block {
    /// Per piece (all sets, in set order): the source slot (a move) or the
    /// class (Solved).
    perm: Vec<u8>,
    /// Per piece: the orientation (Solved) or the twist added (a move).
    twist: Vec<u8>,
    /// Solved: per set, the count of each class.
    counts: Vec<Vec<u32>>,
    /// Solved: per set, each class's number in the file.
    labels: Vec<Vec<usize>>,
    /// Solved: per set, the classes whose orientation is `?` (ignored).
    blind: Vec<u64>,
}

/// A further Solved block as a position: per set the first block's pieces
/// (its numbers), each as often, and the same `?` orientations.
fn further_solved(sets: &[PieceSet], counts: &[Vec<u32>], block: &Block) -> Result<Vec<u8>, String> {
    let bytes: usize = sets.iter().map(|set| 2 * set.count).sum();
    let mut s = vec![0u8; bytes];
    for (k, set) in sets.iter().enumerate() {
        let (n, base) = (set.count, set.offset / 2);
        for i in 0..n {
            let label = block.labels[k][usize::from(block.perm[base + i])];
            let Some(c) = set.labels.iter().position(|&l| l == label) else {
                return Err(format!(
                    "set '{}': {label} is not a piece of the first Solved block",
                    set.name
                ));
            };
            s[set.offset + i] = c as u8;
            let ignored = set.blind >> c & 1 == 1;
            if ignored != (block.blind[k] >> block.perm[base + i] & 1 == 1) {
                return Err(format!(
                    "set '{}': piece {label} has its orientation ignored (?) in one Solved block and not the other",
                    set.name
                ));
            }
            s[set.offset + n + i] = if ignored { 0 } else { block.twist[base + i] };
        }
        let mut count = vec![0u32; set.labels.len()];
        for &c in &s[set.offset..set.offset + n] {
            count[usize::from(c)] += 1;
        }
        if count != counts[k] {
            return Err(format!(
                "set '{}' must hold the first block's pieces, each as often",
                set.name
            ));
        }
    }
    Ok(s)
}

/// What a block holds, and so how its lines are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BlockKind {
    /// `Solved`: labels from 1, orientations (or `?`) slot by slot.
    Solved,
    /// `Move` (ksolve's reading, as twsearch keeps it): slots from 1, and
    /// the orientation line gives, at index `k`, the twist the piece that
    /// leaves slot `k` picks up. Slot `i`, receiving the piece of slot
    /// `p[i]`, so adds `o[p[i]]`.
    Move,
    /// `MoveTransformation` (twsearch's newer reading): slots from 0, and
    /// the orientation line gives, at index `i`, the twist added on slot
    /// `i`, as a position is written.
    Transformation,
}

/// Reads the sets of a Solved or Move block up to `End`.
fn read_block(
    src: &Src,
    lines: &[(usize, Vec<&str>)],
    mut i: usize,
    sets: &[PieceSet],
    kind: BlockKind,
) -> Result<(Block, usize), DefError> {
    let is_move = kind != BlockKind::Solved;
    let total: usize = sets.iter().map(|s| s.count).sum();
    let mut perm = vec![0u8; total];
    let mut twist = vec![0u8; total];
    let mut given = vec![false; sets.len()];
    let mut counts: Vec<Vec<u32>> = sets.iter().map(|_| Vec::new()).collect();
    let mut labels: Vec<Vec<usize>> = sets.iter().map(|_| Vec::new()).collect();
    let mut blind = vec![0u64; sets.len()];
    // Unnamed sets: identity (moves), or an error (Solved).
    loop {
        let Some((ln, w)) = lines.get(i) else {
            return Err(src.error("a block is not closed by End".into()));
        };
        if w[0] == "End" {
            i += 1;
            break;
        }
        let Some(k) = sets.iter().position(|s| s.name == w[0]) else {
            return Err(src.error_line(
                *ln,
                format!(
                    "'{}' is not a set of this puzzle (sets: {})",
                    w[0],
                    sets.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
                ),
            ));
        };
        if given[k] {
            return Err(src.error_line(*ln, format!("set '{}' appears twice in one block", w[0])));
        }
        given[k] = true;
        let set = &sets[k];
        let base = set.offset / 2;
        let Some((pl, pw)) = lines.get(i + 1) else {
            return Err(src.error_line(*ln, format!("set '{}' has no permutation line", set.name)));
        };
        let nums = permutation_line(src, *pl, pw, set, kind)?;
        if !is_move {
            // Classes, numbered in order of first appearance of each value.
            let mut values: Vec<usize> = nums.clone();
            values.sort_unstable();
            values.dedup();
            counts[k] = values
                .iter()
                .map(|v| nums.iter().filter(|&&x| x == *v).count() as u32)
                .collect();
            labels[k] = values;
        }
        for (j, &x) in nums.iter().enumerate() {
            perm[base + j] = if kind == BlockKind::Move {
                (x - 1) as u8
            } else if kind == BlockKind::Transformation {
                x as u8
            } else {
                sort_index(&nums, x) as u8
            };
        }
        i += 2;
        // An optional orientation line: as many numbers, not a set name
        // (in Solved, `?` for a piece whose orientation is ignored).
        if let Some((ol, ow)) = lines.get(i)
            && ow.len() == set.count
            && ow.iter().all(|t| t.parse::<u32>().is_ok() || (!is_move && *t == "?"))
        {
            let found = orientation_line(src, *ol, ow, set, &perm[base..base + set.count], &nums, is_move)?;
            blind[k] |= found.1;
            let from = &perm[base..base + set.count];
            for (j, t) in twist[base..base + set.count].iter_mut().enumerate() {
                // A Move's twists are written by the piece that moves.
                *t = if kind == BlockKind::Move {
                    found.0[usize::from(from[j])]
                } else {
                    found.0[j]
                };
            }
            i += 1;
        }
    }
    for (k, set) in sets.iter().enumerate() {
        if !given[k] {
            // A set a move leaves out stays put; one the Solved block
            // leaves out holds distinct pieces, 1 to n, as twsearch reads it.
            for j in 0..set.count {
                perm[set.offset / 2 + j] = j as u8;
            }
            if !is_move {
                counts[k] = vec![1; set.count];
                labels[k] = (1..=set.count).collect();
            }
        }
    }
    Ok((
        Block {
            perm,
            twist,
            counts,
            labels,
            blind,
        },
        i,
    ))
}

/// A set's permutation line: `set.count` numbers, a permutation of 1..n
/// for a move (0..n-1 for a `MoveTransformation`), labels from 1 for a
/// Solved block.
fn permutation_line(
    src: &Src,
    pl: usize,
    pw: &[&str],
    set: &PieceSet,
    kind: BlockKind,
) -> Result<Vec<usize>, DefError> {
    let is_move = kind != BlockKind::Solved;
    let from = usize::from(kind == BlockKind::Move);
    let nums: Vec<usize> = pw
        .iter()
        .map(|t| t.parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| src.error_line(pl, format!("set '{}': write {} numbers from 1", set.name, set.count)))?;
    if nums.len() != set.count {
        return Err(src.error_line(
            pl,
            format!(
                "set '{}' has {} pieces but this line has {} numbers",
                set.name,
                set.count,
                nums.len()
            ),
        ));
    }
    // A move's numbers are slots; the Solved block's are labels, any
    // numbers from 1, alike for identical pieces, with gaps or not.
    if is_move && nums.iter().any(|&x| x < from || x >= set.count + from) {
        return Err(src.error_line(
            pl,
            format!("set '{}': numbers go from {from} to {}", set.name, set.count + from - 1),
        ));
    }
    if !is_move && nums.contains(&0) {
        return Err(src.error_line(pl, format!("set '{}': pieces are numbered from 1", set.name)));
    }
    if is_move {
        let mut seen = vec![false; set.count];
        for &x in &nums {
            if seen[x - from] {
                return Err(src.error_line(
                    pl,
                    format!("move's set '{}' is not a permutation: {x} appears twice", set.name),
                ));
            }
            seen[x - from] = true;
        }
    }
    Ok(nums)
}

/// A set's orientation line: each piece's orientation (or twist, for a
/// move), and in a Solved block the classes whose orientation is `?`
/// (ignored), alike for identical pieces (`perm`: the pieces' classes).
fn orientation_line(
    src: &Src,
    ol: usize,
    ow: &[&str],
    set: &PieceSet,
    perm: &[u8],
    nums: &[usize],
    is_move: bool,
) -> Result<(Vec<u8>, u64), DefError> {
    let mut blind = 0u64;
    if !is_move {
        let unknown: Vec<bool> = ow.iter().map(|t| *t == "?").collect();
        for (j, &u) in unknown.iter().enumerate() {
            let c = perm[j];
            let other = (0..set.count).find(|&q| perm[q] == c && unknown[q] != u);
            if let Some(q) = other {
                return Err(src.error_line(
                    ol,
                    format!(
                        "set '{}': pieces {} and {} are identical (both {}), so their orientations are both ? or neither",
                        set.name,
                        j + 1,
                        q + 1,
                        nums[j]
                    ),
                ));
            }
            if u {
                // One bit a kind of piece: a set of more than 64 kinds
                // cannot ignore orientations.
                if c >= 64 {
                    return Err(src.error_line(
                        ol,
                        format!(
                            "set '{}': a ? orientation needs at most 64 kinds of pieces in its set (piece {} is kind {})",
                            set.name,
                            j + 1,
                            u32::from(c) + 1
                        ),
                    ));
                }
                blind |= 1 << c;
            }
        }
    }
    let mut twist = vec![0u8; set.count];
    for (j, t) in ow.iter().enumerate() {
        let v: u32 = t.parse().unwrap_or(0);
        if v >= u32::from(set.orientations) {
            return Err(src.error_line(
                ol,
                format!(
                    "set '{}' has {} orientations; {v} is not one",
                    set.name, set.orientations
                ),
            ));
        }
        twist[j] = v as u8;
    }
    Ok((twist, blind))
}

/// The `# tansaku-prune SET [PIECES] [no-orientation] [+ SET ...]` lines:
/// projections for the pattern databases, pieces numbered from 1 as in the
/// Solved block (`1-6`, `1,3,5-7`), all of the set when none are given.
fn prune_comments(src: &Src, t: &Tws) -> Result<Vec<Vec<SetPart>>, DefError> {
    let mut out = Vec::new();
    for (i, line) in src.text.lines().enumerate() {
        let Some(rest) = line.trim().strip_prefix("# tansaku-prune") else {
            continue;
        };
        let ln = i + 1;
        let mut parts = Vec::new();
        for part in rest.split('+') {
            let words: Vec<&str> = part.split_whitespace().collect();
            let Some(&name) = words.first() else {
                return Err(src.error_line(
                    ln,
                    "write: # tansaku-prune SET [PIECES] [no-orientation], e.g. # tansaku-prune EDGE 1-6".into(),
                ));
            };
            let Some(set) = t.sets.iter().position(|s| s.name == name) else {
                return Err(src.error_line(
                    ln,
                    format!(
                        "tansaku-prune: '{name}' is not a set of this puzzle (sets: {})",
                        t.sets.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                ));
            };
            let classes = t.classes_of(set);
            let mut pieces = Vec::new();
            let mut orientation = true;
            for w in &words[1..] {
                if *w == "no-orientation" {
                    orientation = false;
                    continue;
                }
                for range in w.split(',').filter(|r| !r.is_empty()) {
                    let num = |x: &str| {
                        x.parse::<usize>()
                            .ok()
                            .filter(|&v| (1..=classes).contains(&v))
                            .ok_or_else(|| {
                                src.error_line(
                                    ln,
                                    format!("tansaku-prune: set '{name}' has pieces 1 to {classes}; '{x}' is not one"),
                                )
                            })
                    };
                    let (a, b) = match range.split_once('-') {
                        Some((a, b)) => (num(a)?, num(b)?),
                        None => (num(range)?, num(range)?),
                    };
                    pieces.extend((a.min(b) - 1..a.max(b)).map(|p| p as u8));
                }
            }
            if pieces.is_empty() {
                pieces = (0..classes as u8).collect();
            }
            pieces.sort_unstable();
            pieces.dedup();
            if parts.iter().any(|p: &SetPart| p.set == set) {
                return Err(src.error_line(
                    ln,
                    format!("tansaku-prune: set '{name}' appears twice in one projection"),
                ));
            }
            parts.push(SetPart {
                set,
                pieces,
                orientation,
                alike: Vec::new(),
                unturned: 0,
            });
        }
        if t.project(&parts).tws.rank_space().is_none() {
            return Err(src.error_line(
                ln,
                "tansaku-prune: this projection has more positions than tansaku can rank".into(),
            ));
        }
        out.push(parts);
    }
    Ok(out)
}

/// The `# tansaku-expect METRIC key=value ...` lines.
fn expect_comments(src: &Src, metrics: &[&str], current: &str) -> Result<Vec<Expect>, DefError> {
    let mut out = Vec::new();
    for (i, line) in src.text.lines().enumerate() {
        let Some(rest) = line.trim().strip_prefix("# tansaku-expect") else {
            continue;
        };
        let ln = i + 1;
        let mut e = Expect::default();
        let mut words = rest.split_whitespace();
        let metric = words
            .next()
            .ok_or_else(|| src.error_line(ln, "write: # tansaku-expect METRIC key=value ...".into()))?;
        if !metrics.contains(&metric) {
            return Err(src.error_line(ln, format!("metric '{metric}' is not one of {}", metrics.join(", "))));
        }
        e.metric = Some(metric.to_string());
        let text: Vec<&str> = words.collect();
        let joined = text.join(" ");
        // start="..." may hold spaces.
        let mut rest = joined.as_str();
        while !rest.is_empty() {
            let (key, after) = rest
                .split_once('=')
                .ok_or_else(|| src.error_line(ln, format!("'{rest}' is not key=value")))?;
            let key = key.trim();
            let (value, tail) = if let Some(q) = after.strip_prefix('"') {
                let end = q
                    .find('"')
                    .ok_or_else(|| src.error_line(ln, "a quoted value is not closed".into()))?;
                (&q[..end], &q[end + 1..])
            } else {
                let end = after.find(' ').unwrap_or(after.len());
                (&after[..end], &after[end..])
            };
            e.set(key, value).map_err(|m| src.error_line(ln, m))?;
            rest = tail.trim_start();
        }
        let _ = current;
        out.push(e);
    }
    Ok(out)
}

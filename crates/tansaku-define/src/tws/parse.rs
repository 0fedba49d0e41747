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
                other => {
                    return Err(src.error_line(
                        *ln,
                        format!("'{other}' is not a .tws statement here (Name, Set, Solved, Move, End)"),
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
        r.finish_sets(src, &solved)?;
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
        };
        t.add_powers(src, &r.base)?;
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
        Ok(t)
    }

    /// Every power of each declared move, named as twsearch names them
    /// (`R`, `R2`, `R'`).
    fn add_powers(&mut self, src: &Src, base: &[BaseMove]) -> Result<(), DefError> {
        for (b, (mname, from, twist)) in base.iter().enumerate() {
            let mv = Action {
                name: mname.clone(),
                from: from.clone(),
                twist: twist.clone(),
                quarter: true,
                base: b as u16,
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
            if order == 1 {
                continue; // the identity
            }
            for (j, p) in powers.into_iter().take(order - 1).enumerate() {
                let j = j + 1;
                let name = if j == 1 {
                    mname.clone()
                } else if j == order - 1 {
                    format!("{mname}'")
                } else if 2 * j <= order {
                    format!("{mname}{j}")
                } else {
                    format!("{mname}{}'", order - j)
                };
                self.actions.push(Action {
                    name,
                    quarter: j == 1 || j == order - 1,
                    base: b as u16,
                    power: j as u16,
                    ..p
                });
            }
        }
        Ok(())
    }
}

impl Read {
    /// A `Set NAME PIECES ORIENTATIONS` line.
    fn set(&mut self, src: &Src, ln: usize, w: &[&str]) -> Result<(), DefError> {
        if self.solved.is_some() || !self.base.is_empty() {
            return Err(src.error_line(ln, "Set lines come before Solved and Move blocks".into()));
        }
        let parse = |k: usize| w.get(k).and_then(|t| t.parse::<usize>().ok());
        let (Some(n), Some(o)) = (parse(2), parse(3)) else {
            return Err(src.error_line(ln, "write a set as: Set NAME PIECES ORIENTATIONS".into()));
        };
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
        if self.offset > MAX_BYTES {
            return Err(src.error_line(
                ln,
                format!(
                    "the sets hold more than {} pieces in all, more than tansaku supports",
                    MAX_BYTES / 2
                ),
            ));
        }
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
    fn finish_sets(&mut self, src: &Src, solved: &[u8]) -> Result<(), DefError> {
        for (k, set) in self.sets.iter_mut().enumerate() {
            set.classes = Multiset::new(&self.solved_counts[k])
                .ok_or_else(|| src.error(format!("set '{}' has too many arrangements to rank", set.name)))?;
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
        Ok(())
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
            if !is_move {
                return Err(src.error(format!("the Solved block does not give set '{}'", set.name)));
            }
            for j in 0..set.count {
                perm[set.offset / 2 + j] = j as u8;
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

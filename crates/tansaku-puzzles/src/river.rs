//! River crossing: a farmer must take his items across a river in
//! a boat that holds him and at most `capacity` items; some pairs of items
//! may not be left on a bank without him. The puzzle is data: the items,
//! the forbidden pairs, the boat's capacity. The article's instance: wolf, goat,
//! cabbage; wolf-goat and goat-cabbage forbidden; one item: 7 crossings.

use serde::Serialize;
use std::fmt;
use tansaku_core::Puzzle;
use tansaku_core::render::Board;

/// A position: bit `i` set when item `i` is on the far bank; bit
/// [`FARMER`] for the farmer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RiverState(pub u32);

/// The farmer's bit in [`RiverState`].
pub const FARMER: u32 = 1 << 31;

/// A crossing: the farmer rows over with the items of `cargo` (a bit mask);
/// `names` lists them for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Crossing {
    /// Items carried, as a bit mask of item indices.
    pub cargo: u32,
    /// True when the boat goes to the far bank.
    pub to_far: bool,
    /// Initials of the items carried (up to 4), for display.
    #[serde(skip)]
    label: [u8; 4],
}

impl fmt::Display for Crossing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who: String = self.label.iter().take_while(|&&b| b != 0).map(|&b| b as char).collect();
        let who = if who.is_empty() { "-".to_string() } else { who };
        if self.to_far {
            write!(f, "{who}>")
        } else {
            write!(f, "<{who}")
        }
    }
}

/// The puzzle.
#[derive(Clone, Debug)]
pub struct River {
    items: Vec<&'static str>,
    forbidden: Vec<(usize, usize)>,
    capacity: usize,
}

impl River {
    /// The farmer, wolf, goat and cabbage.
    ///
    /// ```
    /// use tansaku_puzzles::river::River;
    /// use tansaku_core::search::bfs;
    /// let (p, start) = River::classic();
    /// assert_eq!(bfs(&p, &start, &tansaku_core::Context::new()).unwrap().len(), 7);
    /// ```
    pub fn classic() -> (Self, RiverState) {
        River::new(&["wolf", "goat", "cabbage"], &[(0, 1), (1, 2)], 1)
    }

    /// A puzzle from items (at most 31, named by distinct initials for the
    /// display), forbidden pairs (item indices) and the boat's capacity in
    /// items. Everybody starts on the near bank.
    pub fn new(items: &[&'static str], forbidden: &[(usize, usize)], capacity: usize) -> (Self, RiverState) {
        assert!(items.len() < 31, "at most 30 items");
        let p = River {
            items: items.to_vec(),
            forbidden: forbidden.to_vec(),
            capacity,
        };
        (p, RiverState(0))
    }

    fn all(&self) -> u32 {
        (1u32 << self.items.len()) - 1
    }

    /// True when no forbidden pair is left alone on either bank.
    fn safe(&self, s: RiverState) -> bool {
        let far = s.0 & self.all();
        let farmer_far = s.0 & FARMER != 0;
        let unattended = if farmer_far { self.all() & !far } else { far };
        !self
            .forbidden
            .iter()
            .any(|&(a, b)| unattended & (1 << a) != 0 && unattended & (1 << b) != 0)
    }

    /// Reads a position written as [`River::format`] writes it,
    /// `near|far` by initials (`F` the farmer): everybody on one bank
    /// exactly once, and no forbidden pair left alone.
    ///
    /// ```
    /// use tansaku_puzzles::river::River;
    /// let (p, start) = River::classic();
    /// assert_eq!(p.parse("FWGC|").unwrap(), start);
    /// assert_eq!(p.format(&p.parse("WC|FG").unwrap()), "WC|FG");
    /// assert!(p.parse("WG|FC").is_err()); // the wolf eats the goat
    /// assert!(p.parse("FWG|").is_err()); // the cabbage is missing
    /// ```
    pub fn parse(&self, text: &str) -> Result<RiverState, String> {
        let (near, far) = text
            .split_once('|')
            .ok_or_else(|| format!("'{text}': write the near bank, |, then the far bank, by initials: FWGC|"))?;
        let mut bits = 0u32;
        let mut seen = 0u32;
        let names = std::iter::once("farmer").chain(self.items.iter().copied());
        let initials: Vec<char> = names.map(initial).collect();
        for (on_far, bank) in [(false, near), (true, far)] {
            for c in bank.trim().chars() {
                let i = initials
                    .iter()
                    .position(|&x| x == c.to_ascii_uppercase())
                    .ok_or_else(|| format!("'{c}' is nobody: use {}", initials.iter().collect::<String>()))?;
                let bit = if i == 0 { FARMER } else { 1 << (i - 1) };
                if seen & bit != 0 {
                    return Err(format!("'{c}' is written twice"));
                }
                seen |= bit;
                if on_far {
                    bits |= bit;
                }
            }
        }
        if seen != FARMER | self.all() {
            return Err(format!(
                "'{text}': write everybody once ({})",
                initials.iter().collect::<String>()
            ));
        }
        let s = RiverState(bits);
        if !self.safe(s) {
            return Err(format!("'{text}': a forbidden pair is left alone on a bank"));
        }
        Ok(s)
    }

    /// Writes a position as `near|far`, by initials (`F` the farmer).
    pub fn format(&self, s: &RiverState) -> String {
        let bank = |far: bool| {
            let mut out = String::new();
            if (s.0 & FARMER != 0) == far {
                out.push('F');
            }
            for (i, name) in self.items.iter().enumerate() {
                if (s.0 >> i & 1 == 1) == far {
                    out.push(initial(name));
                }
            }
            out
        };
        format!("{}|{}", bank(false), bank(true))
    }
}

fn initial(name: &str) -> char {
    name.chars().next().map_or('?', |c| c.to_ascii_uppercase())
}

impl Puzzle for River {
    type State = RiverState;
    type Move = Crossing;

    fn for_each_successor(&self, s: &RiverState, mut f: impl FnMut(Crossing, RiverState)) {
        let to_far = s.0 & FARMER == 0;
        let here = if to_far { !s.0 & self.all() } else { s.0 & self.all() };
        // Every subset of the items on the farmer's bank that fits the boat.
        let mut cargo = 0u32;
        loop {
            if cargo.count_ones() as usize <= self.capacity {
                let t = RiverState(s.0 ^ FARMER ^ cargo);
                if self.safe(t) {
                    let mut label = [0u8; 4];
                    let initials = (0..self.items.len()).filter(|i| cargo >> i & 1 == 1);
                    for (slot, i) in label.iter_mut().zip(initials) {
                        *slot = initial(self.items[i]) as u8;
                    }
                    f(Crossing { cargo, to_far, label }, t);
                }
            }
            if cargo == here {
                break;
            }
            cargo = (cargo.wrapping_sub(here)) & here;
        }
    }

    fn apply(&self, s: &RiverState, m: Crossing) -> Option<RiverState> {
        let mut found = None;
        self.for_each_successor(s, |n, t| {
            if n.cargo == m.cargo && n.to_far == m.to_far {
                found = Some(t);
            }
        });
        found
    }

    fn is_goal(&self, s: &RiverState) -> bool {
        s.0 == FARMER | self.all()
    }

    fn reversible(&self) -> bool {
        true
    }

    fn goal_states(&self) -> Option<Vec<RiverState>> {
        Some(vec![RiverState(FARMER | self.all())])
    }
}

impl Board for River {
    type State = RiverState;

    fn picture(&self, s: &RiverState) -> Vec<String> {
        vec![self.format(s)]
    }

    fn notation(&self, s: &RiverState) -> String {
        self.format(s)
    }
}

impl tansaku_core::picture::Picture for River {
    type State = RiverState;

    /// Two rows, the near bank and the far bank; the farmer first, then the
    /// items, by initial, on the bank where they are.
    fn grid(&self, s: &RiverState) -> tansaku_core::picture::Grid {
        use tansaku_core::picture::Glyph;
        let mut who: Vec<(char, bool)> = vec![('F', s.0 & FARMER != 0)];
        who.extend(
            self.items
                .iter()
                .enumerate()
                .map(|(i, n)| (initial(n), s.0 >> i & 1 == 1)),
        );
        let cells = [false, true]
            .iter()
            .flat_map(|&far| {
                who.iter().map(move |&(c, on_far)| {
                    if on_far == far {
                        Glyph::Tile(c.to_string())
                    } else {
                        Glyph::Empty
                    }
                })
            })
            .collect();
        tansaku_core::picture::Grid {
            width: who.len(),
            height: 2,
            cells,
        }
    }
    /// The banks are not a board: a crossing is said as written (`G>`).
    fn moves_shift_pieces(&self) -> bool {
        false
    }
}

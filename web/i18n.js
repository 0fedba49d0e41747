// The page's two languages: English and Japanese (the articles tansaku
// reproduces are written in Japanese, for Japanese readers).
//
// Where each string lives, once:
// - The page's own English is in index.html (elements marked
//   `data-i18n="key"`, `data-i18n-html`, `data-i18n-attr="aria-label:key"`)
//   and, for what the scripts write, in `EN` below.
// - Japanese is in `JA`, for both.
// - The library's text (game summaries, option help) is English; `JA_GAMES`
//   and `JA_OPTIONS` give the built-in games' Japanese. A definition's own
//   words, the library's notes and its error details stay as written.
//
// `t(key, vars)` fills `{name}` from `vars`; `setLanguage` rewrites the
// page's marked elements.

/** What the scripts write, in English. */
export const EN = {
  "games.builtin": "Built-in",
  "games.definitions": "Definitions",
  "games.own": "your own definition…",
  "definition.choose": "(choose one to start from)",
  "option.default": "default",
  "option.default-is": "default ({value})",
  "board.default": "default: {board}",
  "board.unsolvable": "Unsolvable: {why}",
  "preset.choose": "(choose a preset)",
  "preset.moves": "{name} — {length} moves",
  "job.starting": "starting…",
  "job.waiting": "waiting for a worker",
  "job.waiting-behind": "waiting for a worker: {place} before this one",
  "job.running": "running…",
  "job.progress": "{what}{done} {unit}{of} ({seconds} s)",
  "job.of": " of {total}",
  "unit.states": "states",
  "unit.nodes": "nodes",
  "what.bound": "bound {n}",
  "what.level": "level {n}",
  "cancelled": "Cancelled",
  "result.cancelled": "cancelled",
  "result.no-solution": "no solution: {reason}",
  "say.error": "Error: {message}",
  "say.no-solution": "No solution: {reason}",
  "say.solved": "Solved: {length} moves by {algorithm}, {generated} states generated",
  "note.stronger": "Solved with the tables at hand; the stronger {bound} tables make every solve faster.",
  "note.stronger-server":
    "Solved with the tables at hand; the stronger {bound} tables make every solve faster: the server builds them now (see Tables).",
  "side.forward": "→",
  "side.backward": "←",
  "side.bound": "bound",
  "tables.building": "building: {what}{done} {unit}{of}",
  "tables.failed": "failed: {error}",
  "tables.ready": "ready",
  "tables.queued": "building",
  "tables.file": "{board} tiles {tiles} ({bytes} bytes)",
  "play.title": "{puzzle}: {length} moves by {algorithm}",
  "longest.symmetry": " ({count} up to symmetry)",
  "longest.load": "Load antipode {i}: {board}",
  "longest.loaded": "Loaded {board}",
  "longest.said": "God's number {longest}: {count} positions at that distance, {states} in all",
  "color.black": "black",
  "color.white": "white",
  "wipeout.figures":
    "{color} wipes the other colour out in {plies} plies: {positions} final positions ({symmetric} up to symmetry), {sequences} game records.",
  "wipeout.play": "Play {record}",
  "wipeout.title": "{color} wipes out in {plies} plies: {record}",
  "wipeout.said": "{plies} plies, {symmetric} positions up to symmetry",
  "perft.result": "perft({depth}) = {leaves} leaves in {seconds} s",
  "check.plain": "{summary}: reads fine; it has no [expect] figures to check.",
  "check.agrees": "{summary}: every expected figure agrees.",
  "check.differs": "{summary}: a figure differs.",
  "check.caption": "Expected figures",
  "check.metric": "Metric",
  "check.figure": "Figure",
  "check.expected": "Expected",
  "check.found": "Found",
  "check.check": "Check",
  "check.ok": "ok",
  "check.bad": "DIFFERS",
  "address.z": "the definition in the address (z) cannot be read",
  "address.game": "game '{name}' is not known (the games: {games}); showing sliding",
  "address.option": "{game} has no option '{option}'",
  "address.algo": "algo '{algo}' is not an algorithm ({algorithms})",
  "address.board": "{problem}; showing the game's default board",
  "address.problem": "The address has a problem: {problems}.",
  "scrambled": "Scrambled with seed {seed}: {board}",
  "preset.chosen": "Preset {name}",
  "backend.none": "The back end does not answer: {message}",
  "backend.server": "(answers from tansaku serve: {workers} workers, {seconds} s a job)",
  "backend.wasm":
    "(answers from tansaku in WebAssembly, in this browser: one question at a time on one thread, {mib} MiB a question (WebAssembly has 4 GiB at most), pattern databases kept in this browser's storage)",
  "budget.wasm":
    "{message}. This page runs tansaku in your browser, which gives it {mib} MiB (WebAssembly has 4 GiB at most): run tansaku serve or the command line on a machine with the memory for spaces this large.",
  "mark.closer": "closer",
  "mark.same": "same",
  "mark.farther": "farther",
  "mark.unknown": "not known yet",
  "mark.none": "cannot reach the goal",
  "mark.move": "{how} ({distance})",
  "judge.unknown": "not known yet",
  "judge.none": "none",
  "judge.unreachable": "No sequence of moves reaches the goal from this board.",
  "judge.solved-here": "Solved: no move needed.",
  "judge.no-hint": "No move is known to be closer.",
  "judge.solved-one": "Solved in 1 move (optimal: {optimal}).",
  "judge.solved": "Solved in {made} moves (optimal: {optimal}).",
  "judge.distance": "Distance {distance}",
  "judge.distance-solved": "Distance {distance}: solved",
  "player.start": "position 0 of {last}, the start",
  "player.at": "position {at} of {last}, after {move}",
  "player.move": "move {i}: {move}",
  "player.play": "Play",
  "player.pause": "Pause",
  "glyph.empty": "empty",
  "glyph.black": "black disc",
  "glyph.white": "white disc",
  "glyph.water": "water",
  "glyph.void": "no cell",
  "glyph.cell": "cell",
  "glyph.tile": "tile {label}",
  "glyph.knight-white": "white knight",
  "glyph.knight-black": "black knight",
  "glyph.quarter": "quarter circle {label}",
  "glyph.block": "block {label}",
  "cell.label": "row {row}, column {col}: {what}",
  "cell.selected": "row {row}, column {col}: {what}, selected",
  "chart.label": "Histogram of {total} positions over distances 0 to {last}",
  "chart.label-log": "Histogram of {total} positions over distances 0 to {last}, log scale",
  "chart.bar": "distance {d}: {count} positions",
  "shape.label": "The search's shape: states or nodes per depth or bound ({series})",
  "shape.label-log": "The search's shape: states or nodes per depth or bound, log scale ({series})",
  "trace.none": "The start is the goal: nothing to search.",
  "trace.step": "Step {k} of {n}, depth {depth}",
  "trace.taken": "Taken from the front of the queue: {board}",
  "trace.new": "new: to the back of the queue",
  "trace.seen": "seen before: skipped",
  "trace.goal": "new, and the goal: the search ends",
  "trace.counts": "{queued} in the queue{more}; {seen} seen",
  "trace.more": " (the first shown)",
  "trace.found": "The goal, found at depth {depth}: the shortest solution has {depth} moves.",
  "trace.stopped": "Stopped after {n} steps, before the goal.",
  "algo.auto": "auto",
  "algo.bfs": "bfs",
  "algo.bidir": "bidir",
  "algo.bidir-alternate": "bidir-alternate",
  "algo.iddfs": "iddfs",
  "algo.idastar": "idastar",
};

/** The page in Japanese: index.html's marked elements and `EN`'s keys. */
export const JA = {
  // index.html
  "page.title": "tansaku — パズルを厳密に探索する",
  "skip": "「解く」へ移動",
  "tagline": "パズルの最短解、最長手数の局面、全局面のゴールまでの距離を、厳密に求めます。",
  "language": "言語",
  "puzzle.h": "パズル",
  "game": "ゲーム",
  "definition": "定義",
  "upload": "ファイルを読む",
  "definition.text": "定義のテキスト (盤上の駒を書いた TOML か、twsearch の <code>.tws</code>)",
  "check": "定義を検査",
  "options.more": "オプションと説明",
  "board.h": "盤面",
  "preset": "例題",
  "board.editor": "盤面の編集",
  "board.help":
    "空きマスの隣のタイルをクリックするとスライドします。二つのマスを順にクリックすると入れ替わります。石をクリックすると裏返ります。矢印キーで空きマスが動きます。",
  "start": "開始局面",
  "goal": "目標局面",
  "goal.placeholder": "ゲームの目標",
  "seed": "シード",
  "moves": "手数",
  "scramble": "かき混ぜる",
  "try.h": "自分で解く",
  "try.help": "駒を動かしてください。どの手も、ゴールまでの正確な距離で判定されます (近づく・同じ・遠ざかる)。",
  "try.start": "この盤面から遊ぶ",
  "hint": "ヒント",
  "undo": "一手戻す",
  "finish": "残りを解いて見せる",
  "try.distance": "ゴールまでの距離",
  "try.counter": "あなたの手数 / 最短手数",
  "try.moves": "打てる手とその判定",
  "solve.h": "解く",
  "algorithms": "アルゴリズム (複数選ぶと並べて実行)",
  "solve": "解く",
  "cancel": "中止",
  "length": "手数",
  "generated": "生成局面数",
  "expanded": "展開局面数",
  "seconds": "秒",
  "results.caption": "アルゴリズムごとの仕事量",
  "algorithm": "アルゴリズム",
  "iterations": "IDA* の反復",
  "shape.summary": "探索の形: 深さごとの局面数、上限値ごとのノード数",
  "shape.help":
    "幅優先探索は深さごとの局面を順に記憶します (記事に載っている表です)。双方向探索は開始局面側 (→) とゴール側 (←) の二つの前線を、出会うまで広げます。IDA* (反復深化+下限値枝刈り法) は上限値を上げながら深さ優先探索を繰り返します。",
  "shape.caption": "アルゴリズムごと、深さまたは上限値ごと",
  "shape.side": "側",
  "shape.step": "深さまたは上限値",
  "shape.count": "局面数またはノード数",
  "shape.csv": "表を CSV で保存",
  "solution.h": "解",
  "player": "解の再生",
  "first": "最初",
  "back": "戻る",
  "forward": "進む",
  "last": "最後",
  "scrub": "手",
  "speed": "速さ",
  "download": "解を SVG で保存",
  "tables.h": "テーブル",
  "tables.help":
    "サーバーが保存しているパターンデータベースです。キャッシュが空のときは数秒で作れるテーブルで解き、その裏でサーバーが最も強いテーブルを作ります。完成すると、以後の求解はそれを使います。",
  "tables.files": "保存済みのファイル",
  "longest.h": "全局面",
  "longest.help": "全局面のゴールまでの距離: 最長手数 (神の数字)、最長手数のすべての局面、ヒストグラム。",
  "analyse": "全局面を解析",
  "log-scale": "対数目盛",
  "positions": "局面数",
  "longest": "最長手数",
  "antipodes": "最長手数の局面数",
  "histogram": "ゴールからの距離ごとの局面数",
  "antipodes.h": "最長手数の局面 (クリックで読み込み)",
  "reversi.h": "リバーシ",
  "wipeouts": "最短の全滅をすべて探す",
  "perft.depth": "perft の深さ",
  "perft": "末端の局面を数える",
  "footer.same": "<code>tansaku … --json</code> と同じ答え",

  // What the scripts write
  "games.builtin": "組み込み",
  "games.definitions": "定義ファイル",
  "games.own": "自分で定義する…",
  "definition.choose": "(元にする定義を選ぶ)",
  "option.default": "既定",
  "option.default-is": "既定 ({value})",
  "board.default": "既定: {board}",
  "board.unsolvable": "解けません: {why}",
  "preset.choose": "(例題を選ぶ)",
  "preset.moves": "{name} — {length} 手",
  "job.starting": "開始しています…",
  "job.waiting": "空きを待っています",
  "job.waiting-behind": "空きを待っています: 前に {place} 件",
  "job.running": "実行中…",
  "job.progress": "{what}{done} {unit}{of} ({seconds} 秒)",
  "job.of": " / {total}",
  "unit.states": "局面",
  "unit.nodes": "ノード",
  "what.bound": "上限値 {n}",
  "what.level": "深さ {n}",
  "cancelled": "中止しました",
  "result.cancelled": "中止",
  "result.no-solution": "解なし: {reason}",
  "say.error": "エラー: {message}",
  "say.no-solution": "解なし: {reason}",
  "say.solved": "{algorithm} で {length} 手の解、生成局面数 {generated}",
  "note.stronger": "手元のテーブルで解きました。より強い {bound} のテーブルがあれば、どの求解も速くなります。",
  "note.stronger-server":
    "手元のテーブルで解きました。より強い {bound} のテーブルがあれば、どの求解も速くなります。いまサーバーが作っています (「テーブル」を参照)。",
  "side.forward": "→",
  "side.backward": "←",
  "side.bound": "上限値",
  "tables.building": "作成中: {what}{done} {unit}{of}",
  "tables.failed": "失敗: {error}",
  "tables.ready": "完成",
  "tables.queued": "作成中",
  "tables.file": "{board} タイル {tiles} ({bytes} バイト)",
  "play.title": "{puzzle}: {algorithm} で {length} 手",
  "longest.symmetry": " (対称なものを除いて {count})",
  "longest.load": "最長手数の局面 {i} を読み込む: {board}",
  "longest.loaded": "{board} を読み込みました",
  "longest.said": "神の数字は {longest}: その距離の局面が {count}、全部で {states} 局面",
  "color.black": "黒",
  "color.white": "白",
  "wipeout.figures":
    "{color} は {plies} 手で相手の石を全滅させます: 最終局面 {positions} (対称なものを除いて {symmetric})、棋譜 {sequences} 通り。",
  "wipeout.play": "{record} を再生",
  "wipeout.title": "{color} が {plies} 手で全滅させる: {record}",
  "wipeout.said": "{plies} 手、対称なものを除いて {symmetric} 局面",
  "perft.result": "perft({depth}) = 末端の局面 {leaves}、{seconds} 秒",
  "check.plain": "{summary}: 正しく読めました。照合する [expect] の数値はありません。",
  "check.agrees": "{summary}: 期待される数値はすべて一致しました。",
  "check.differs": "{summary}: 一致しない数値があります。",
  "check.caption": "期待される数値",
  "check.metric": "手数の数え方",
  "check.figure": "項目",
  "check.expected": "期待値",
  "check.found": "結果",
  "check.check": "照合",
  "check.ok": "一致",
  "check.bad": "不一致",
  "address.z": "アドレスの定義 (z) が読めません",
  "address.game": "ゲーム '{name}' はありません (ゲーム: {games})。sliding を表示します",
  "address.option": "{game} にはオプション '{option}' がありません",
  "address.algo": "algo '{algo}' はアルゴリズムではありません ({algorithms})",
  "address.board": "{problem}。ゲームの既定の盤面を表示します",
  "address.problem": "アドレスに問題があります: {problems}。",
  "scrambled": "シード {seed} でかき混ぜました: {board}",
  "preset.chosen": "例題 {name}",
  "backend.none": "バックエンドが応答しません: {message}",
  "backend.server": "(tansaku serve が答えます: ワーカー {workers}、1 件 {seconds} 秒まで)",
  "backend.wasm":
    "(このブラウザの中で WebAssembly の tansaku が答えます: 一度に一問、1 スレッド、1 問 {mib} MiB まで (WebAssembly は最大 4 GiB)。パターンデータベースはこのブラウザに保存されます)",
  "budget.wasm":
    "{message}。このページはブラウザの中で tansaku を動かしており、使えるメモリは {mib} MiB です (WebAssembly は最大 4 GiB)。これほど大きな空間には、メモリのあるマシンで tansaku serve かコマンドラインを使ってください。",
  "mark.closer": "近づく",
  "mark.same": "同じ",
  "mark.farther": "遠ざかる",
  "mark.unknown": "まだ不明",
  "mark.none": "ゴールに届かない",
  "mark.move": "{how} ({distance})",
  "judge.unknown": "まだ不明",
  "judge.none": "なし",
  "judge.unreachable": "この盤面からはどう動かしてもゴールに届きません。",
  "judge.solved-here": "解けています。動かす必要はありません。",
  "judge.no-hint": "近づく手は見つかっていません。",
  "judge.solved-one": "1 手で解けました (最短 {optimal} 手)。",
  "judge.solved": "{made} 手で解けました (最短 {optimal} 手)。",
  "judge.distance": "距離 {distance}",
  "judge.distance-solved": "距離 {distance}: 解けました",
  "player.start": "局面 0 / {last}、開始局面",
  "player.at": "局面 {at} / {last}、{move} の後",
  "player.move": "{i} 手目: {move}",
  "player.play": "再生",
  "player.pause": "一時停止",
  "glyph.empty": "空き",
  "glyph.black": "黒石",
  "glyph.white": "白石",
  "glyph.water": "水",
  "glyph.void": "マスなし",
  "glyph.cell": "マス",
  "glyph.tile": "タイル {label}",
  "glyph.knight-white": "白の騎士",
  "glyph.knight-black": "黒の騎士",
  "glyph.quarter": "四分円 {label}",
  "glyph.block": "ブロック {label}",
  "cell.label": "{row} 行 {col} 列: {what}",
  "cell.selected": "{row} 行 {col} 列: {what} (選択中)",
  "chart.label": "ゴールからの距離 0 から {last} までの {total} 局面のヒストグラム",
  "chart.label-log": "ゴールからの距離 0 から {last} までの {total} 局面のヒストグラム (対数目盛)",
  "chart.bar": "距離 {d}: {count} 局面",
  "shape.label": "探索の形: 深さまたは上限値ごとの局面数またはノード数 ({series})",
  "shape.label-log": "探索の形: 深さまたは上限値ごとの局面数またはノード数、対数目盛 ({series})",
  "trace.none": "開始局面がゴールです。探索するものはありません。",
  "trace.step": "ステップ {k} / {n}、深さ {depth}",
  "trace.taken": "キューの先頭から取り出した局面: {board}",
  "trace.new": "新しい局面: キューの末尾へ",
  "trace.seen": "探索済み: スキップ",
  "trace.goal": "新しい局面で、ゴール: 探索終了",
  "trace.counts": "キューに {queued} 局面{more}、探索済み {seen} 局面",
  "trace.more": " (先頭の一部を表示)",
  "trace.found": "深さ {depth} でゴールが見つかりました: 最短解は {depth} 手です。",
  "trace.stopped": "{n} ステップで止めました (ゴールの前)。",
  "trace.h": "幅優先探索をステップごとに",
  "trace.help": "記事のとおり、キューの先頭の局面を取り出し、その子の局面を調べます。新しい局面はキューの末尾に入れ、探索済みの局面はスキップします。",
  "trace.start": "幅優先探索をステップごとに見る",
  "trace.taken-h": "取り出した局面",
  "trace.children-h": "その子の局面",
  "trace.queue-h": "キュー (先頭から)",
  "trace.controls": "ステップの移動",
  "algo.auto": "自動 (auto)",
  "algo.bfs": "幅優先探索 (bfs)",
  "algo.bidir": "双方向探索 (bidir)",
  "algo.bidir-alternate": "双方向探索・交互 (bidir-alternate)",
  "algo.iddfs": "反復深化 (iddfs)",
  "algo.idastar": "反復深化+下限値枝刈り法 (idastar)",

  // Error kinds (the library's `kind`); the details stay as the library
  // wrote them.
  "error.bad-input": "入力が正しくありません",
  "error.bad-json": "問い合わせの JSON が正しくありません",
  "error.unknown-game": "そのゲームはありません",
  "error.unknown-option": "そのオプションはありません",
  "error.bad-option": "オプションの値が正しくありません",
  "error.bad-definition": "定義に誤りがあります",
  "error.unsupported": "このゲームではできません",
  "error.unreachable": "ゴールに届きません",
  "error.tables": "テーブルを読み書きできません",
  "error.over-budget": "メモリの予算を超えます",
  "error.checkpoint": "チェックポイントを使えません",
  "error.cancelled": "中止しました",
  "error.time-limit": "時間切れです",
  "error.depth-limit": "手数の上限までに解が見つかりません",
  "error.unsolvable": "解けない局面です",
  "error.busy": "サーバーが混んでいます",
  "error.too-large": "問い合わせが大きすぎます",
  "error.not-found": "見つかりません",
  "error.internal": "内部エラー",
};

/** The built-in games' summaries in Japanese (the library's are English). */
export const JA_GAMES = {
  "flip-row": "一列のフリップ・イット: 石が石を跳び越えて空きマスへ移り、跳び越えた石を裏返します",
  "flip-square": "W x H 盤のフリップ・イット (フリップ・イット・スクエア): 行と列 (と斜め) に沿って跳びます",
  sliding: "W x H 盤のスライドパズル (8 パズル、15 パズル、24 パズル、同じ数字の入るもの)",
  line: "ライン・パズル: 4x4 のタイル A x4、B x3、C x4、D x4 (四分円)",
  knights: "騎士の交換: 二色の騎士が入れ替わるまで、騎士が空きマスへ跳びます",
  jugs: "水差し: どれかの水差しが目標の量になるまで、満たす・空ける・注ぐ",
  river: "川渡り: 農夫と狼と山羊とキャベツが、二人乗りの舟で川を渡ります",
  wipeout: "リバーシ: 一方の色が相手の石を全滅させる最短の手数",
};

/** The built-in games' option help in Japanese, by `game.option`. */
export const JA_OPTIONS = {
  "flip-row.board": "開始局面 (長さが N になります)",
  "flip-row.size": "全局面を解析する盤のマス数 N (既定: 盤の長さ、なければ 6)",
  "flip-row.goal": "目標局面。既定: すべて白、空きマスはどこでも",
  "flip-row.adjacent": "変則ルール: 空きマスの隣の石が空きマスへ滑れます",
  "flip-row.bound": "IDA* の下限値",
  "flip-square.size": "盤の大きさ WxH。既定: 盤から、なければ 4x4",
  "flip-square.board":
    "開始局面 (B 黒、W 白、_ 空き、行は / で区切る)。既定: すべて黒、空きマスは 2 行 2 列 (4x4 の記事の問題)",
  "flip-square.goal": "目標局面。既定: すべて白、空きマスはどこでも",
  "flip-square.diagonal": "変則ルール: 3 マス以上の斜めにも跳べます",
  "flip-square.adjacent": "変則ルール: 空きマスの隣の石が空きマスへ滑れます",
  "flip-square.bound": "IDA* の下限値",
  "sliding.board":
    "開始局面: 詰めた書き方 (867/254/3_1) か、空白区切り (8 6 7 2 5 4 3 0 1)。_ 0 . が空きマス。既定: 867/254/3_1、他の大きさでは目標局面",
  "sliding.goal": "目標局面。既定: 1, 2, ... の順に並べ、空きマスが最後",
  "sliding.size": "盤の大きさ WxH: 行の区切り / のない、正方形でない盤のため。解析では既定: 目標局面の形、なければ 3x3",
  "sliding.bound":
    "IDA* の下限値: auto (作成済みで収まる最強のデータベース。最強のもの (4x4 で 7-8z、5x5 で 6-6-6-6z、作成に数分) がまだなければ数秒で作れるもの (4x4 で 6-6-3、5x5 で 5-5-5-5-4z)。同じ数字があればラベルのデータベース、それ以外は linear conflicts)、manhattan、linear-conflicts、pdb、名前のある分割 (4x4 で 5-5-5、6-6-3、7-8。5x5 で 6-6-6-6、5-5-5-5-4。名前の後の z は空きマスも数えるテーブル: 7-8z。5x5 の 7-7-7-3z は 16.4 GB、作成に 1 時間)、各パターンの目標のマスで書いた分割 (空きマスはマス 0、パターンは / で区切る。例 1-7/8-15、1-7/8-15z)、または + でつないだ 3 つまでの分割 (下限値の最大。ノードは減り、1 ノードの参照は増える)",
  "sliding.automaton":
    "IDA* の手の枝刈り: Taylor と Korf の、MOVES 手までの重複する手順のオートマトン (一度作り、データベースの横に保存。5x5 の 16 手で約 10 秒)。0 は「直前の手を戻さない」だけ。既定: 16、またはメモリ予算に収まる最長",
  "sliding.frontier":
    "A* + IDA* (Bu と Korf, 2019): まず A* で N 局面まで保持し (1 局面約 100 バイト、メモリ予算で確認)、その前線の下を IDA* で一度ずつ探索。0: IDA* だけ。多くの 24 パズルでノードが減ります (BENCHMARKS.md)",
  "line.board": "開始局面: start1 start2 start3 goal1 goal2 goal3 (記事の盤面)、または 4x4 の盤面",
  "line.goal": "目標局面: 開始局面と同じ名前、または 4x4 の盤面",
  "line.bound": "IDA* の下限値 (sliding の bound と同じ書き方)",
  "line.automaton": "IDA* の手の枝刈り: MOVES 手までの重複する手順のオートマトン。0 は「直前の手を戻さない」だけ",
  "knights.size": "盤の大きさ WxH: 白の騎士が一番上の行、黒の騎士が一番下の行にいて、入れ替えます",
  "knights.board": "代わりに開始局面 (W と B の騎士、_ 空き、行は / で区切る)。目標は与えなければ同じ大きさの交換",
  "knights.goal": "開始局面を与えたときの目標局面",
  "jugs.capacity": "水差しの容量 (リットル、コンマ区切り、1 から 8 個)",
  "jugs.target": "どれかの水差しに入れたい量 (リットル)",
  "jugs.board": "開始局面: 各水差しの量、例 (3,5)。既定: すべて空",
  "river.board": "開始局面: こちら岸にいる者、|、向こう岸にいる者を頭文字で (F 農夫、W 狼、G 山羊、C キャベツ)",
  "wipeout.color": "盤上に一色だけ残る色",
  "wipeout.first": "最初の手を固定 (F5 のようなマス)。数はその手で始まる棋譜のもの",
};

const LANGUAGES = ["en", "ja"];
let current = "en";
/** index.html's own English, read once, so that English can come back. */
const original = new Map();

/** The language in use: `en` or `ja`. */
export function language() {
  return current;
}

/** The language a visitor gets: the address's `lang`, else the browser's. */
export function preferred(asked) {
  if (LANGUAGES.includes(asked)) return asked;
  const browser = (navigator.languages?.[0] ?? navigator.language ?? "en").toLowerCase();
  return browser.startsWith("ja") ? "ja" : "en";
}

/** The string `key` in the language in use, `{name}` filled from `vars`. */
export function t(key, vars = {}) {
  const text = (current === "ja" ? JA[key] : undefined) ?? EN[key] ?? original.get(key) ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** A game's summary in the language in use (the library's when untranslated). */
export function gameSummary(game) {
  return (current === "ja" && JA_GAMES[game.name]) || game.summary;
}

/** An option's help in the language in use (the library's when untranslated). */
export function optionHelp(game, option) {
  return (current === "ja" && JA_OPTIONS[`${game.name}.${option.name}`]) || option.help;
}

/** An error for a person: in Japanese, the kind's sentence, then the library's own line. */
export function errorText(e) {
  if (current !== "ja" || !e?.kind || !JA[`error.${e.kind}`]) return e?.message ?? String(e);
  return `${JA[`error.${e.kind}`]}: ${e.message}`;
}

/** The progress's `what` (`bound 52`, `level 17`) in the language in use. */
export function what(text) {
  const m = /^(bound|level) (\d+)$/.exec(text ?? "");
  return m ? t(`what.${m[1]}`, { n: m[2] }) : (text ?? "");
}

/** Puts the page into `lang`: every marked element, the title, `<html lang>`. */
export function setLanguage(lang, root = document) {
  current = LANGUAGES.includes(lang) ? lang : "en";
  root.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const key = el.dataset.i18n;
    if (!original.has(key)) original.set(key, el.textContent);
    el.textContent = current === "ja" ? (JA[key] ?? original.get(key)) : original.get(key);
  }
  for (const el of root.querySelectorAll("[data-i18n-html]")) {
    const key = el.dataset.i18nHtml;
    if (!original.has(key)) original.set(key, el.innerHTML);
    el.innerHTML = current === "ja" ? (JA[key] ?? original.get(key)) : original.get(key);
  }
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (!original.has(key)) original.set(key, el.getAttribute(attr) ?? "");
      el.setAttribute(attr, current === "ja" ? (JA[key] ?? original.get(key)) : original.get(key));
    }
  }
}

/** Every key the page's own English declares: index.html's and the scripts'. */
export function englishKeys(root = document) {
  const keys = new Set(Object.keys(EN));
  for (const el of root.querySelectorAll("[data-i18n]")) keys.add(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-html]")) keys.add(el.dataset.i18nHtml);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) keys.add(pair.split(":")[1]);
  }
  return keys;
}

/** The English of every key, as first read (index.html's) or declared (`EN`). */
export function englishCatalogue() {
  return { ...Object.fromEntries(original), ...EN };
}

"""Cards on the Table: the pure rules (no I/O), then the workbook glue and the commands built on them.

Rules: docs/games/cards-on-the-table.md; rulings: that page, Cards on the Table.

- cells: Cell (R2C4), CELLS
- cards: Colour, Shade, Side, Heat, Card, Board, BoardSet (three boards; records() for the Boards tab)
- heat: HeatRule strategies by name (Config heat_rule), ALL_SIDES_EQUAL_HEAT
- generator: generate_set(seed), time_generation(seeds) for a benchmark
- checker: check_set(boards) -> Problems quoting the sheet's board rules (independent of the generator)
- plays: read_message, read_round (a player's round from their messages, with private replies), reveal_answer
- guesses: board, heat and top-scorer guesses
- scoring: Match, score_round, score_rounds
- standings: final_standings (bonuses, forfeit, garnets, winners, ToL, EC)
- schedule: each round's Opens and Closes, the reset periods between them

The workbook and the commands:
- tabs: the tabs (headers from template.json) and reading them, every bad row a Problem
- render: host-only and public tabs, the board as a PNG and as coloured cells, summary lines
- live: `hostkit play --player P`, one pasted message at a time, and undo
- game: the Game class (board, score, standings, status, live play, the garnet reveal)
- commands: `hostkit cards-on-the-table reveal`
"""

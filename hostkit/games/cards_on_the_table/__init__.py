"""Cards on the Table: the pure rules (cells, cards, heat, boards, their checker, and scoring).

Rule sheet: seeds/004_bf2d8a958d3d5e58.txt; rulings: RULINGS.md, Cards on the Table.
No I/O here: the workbook and the commands are built on top of these modules.
"""

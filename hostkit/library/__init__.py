"""The library: one way through a step, behind the names `hostkit` exports (`hostkit.__all__`).

Every module here is private. A step of a match or a season reads its workbooks (_opening, _workbooks), asks the
rules, and returns a plan (_plan); one commit (_commit) settles the ledger, records and delivers the messages,
checks every workbook and writes them all.
"""

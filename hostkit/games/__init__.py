"""One package per game: its pure rules, its workbook glue, its Game class and its template."""

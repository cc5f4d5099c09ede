"""Storage: one workbook interface, on xlsx files (our own reader and writer) or Google Sheets (gspread)."""

"""Storage: one workbook interface, on xlsx files (openpyxl) or Google Sheets (gspread)."""

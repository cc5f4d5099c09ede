"""The fake answers in the shapes of the recorded real exchanges (gspread's cassettes, read for this)."""

import json

import pytest
import requests

from tests.storage.fake_sheets import FakeSheets

BASE = "https://sheets.googleapis.com/v4/spreadsheets"
K = "1fakeKeyForShapes000000000000000000000000"


@pytest.fixture
def api():
    fake = FakeSheets()
    fake.add(K, {"Sheet1": []})
    return fake


def call(api, method, path, **kwargs):
    return api.session().request(method, f"{BASE}/{K}{path}", timeout=5, **kwargs)


def test_metadata_has_the_time_zone_and_each_tabs_properties(api):
    body = call(api, "GET", "", params={"includeGridData": "false"}).json()
    assert body["spreadsheetId"] == K
    assert body["properties"]["timeZone"] == "Etc/GMT" and body["properties"]["locale"] == "en_US"
    assert body["sheets"] == [
        {
            "properties": {
                "sheetId": 0,
                "title": "Sheet1",
                "index": 0,
                "sheetType": "GRID",
                "gridProperties": {"rowCount": 1000, "columnCount": 26},
            }
        }
    ]


def test_batch_update_and_read_back_as_recorded(api):
    sent = {
        "valueInputOption": "RAW",
        "data": [
            {"range": "'Sheet1'!A1:D1", "values": [["A1", "B1", "", "D1"]]},
            {"range": "'Sheet1'!A4:D4", "values": [["A4", "B4", "", "D4"]]},
        ],
    }
    body = call(api, "POST", "/values:batchUpdate", json=sent).json()
    assert body == {
        "spreadsheetId": K,
        "totalUpdatedRows": 2,
        "totalUpdatedColumns": 4,
        "totalUpdatedCells": 8,
        "totalUpdatedSheets": 1,
        "responses": [
            {
                "spreadsheetId": K,
                "updatedRange": "Sheet1!A1:D1",
                "updatedRows": 1,
                "updatedColumns": 4,
                "updatedCells": 4,
            },
            {
                "spreadsheetId": K,
                "updatedRange": "Sheet1!A4:D4",
                "updatedRows": 1,
                "updatedColumns": 4,
                "updatedCells": 4,
            },
        ],
    }
    got = call(api, "GET", "/values:batchGet", params={"ranges": ["'Sheet1'!A1:D4", "Sheet1!A2:2", "Sheet1!F1:F9"]})
    ranges = got.json()["valueRanges"]
    assert ranges[0] == {
        "range": "Sheet1!A1:D4",
        "majorDimension": "ROWS",
        "values": [["A1", "B1", "", "D1"], [], [], ["A4", "B4", "", "D4"]],
    }
    assert ranges[1] == {"range": "Sheet1!A2:Z2", "majorDimension": "ROWS"}  # empty: no "values" at all
    assert ranges[2] == {"range": "Sheet1!F1:F9", "majorDimension": "ROWS"}


def test_a_tab_with_spaces_is_quoted_and_whole_columns_are_clipped_to_the_grid(api):
    reply = call(
        api,
        "POST",
        ":batchUpdate",
        json={
            "requests": [
                {
                    "addSheet": {
                        "properties": {
                            "title": "🌵 test 1",
                            "sheetType": "GRID",
                            "gridProperties": {"rowCount": 10, "columnCount": 10},
                        }
                    }
                }
            ]
        },
    ).json()
    props = reply["replies"][0]["addSheet"]["properties"]
    assert props["title"] == "🌵 test 1" and props["index"] == 1 and props["gridProperties"]["rowCount"] == 10
    call(
        api,
        "POST",
        "/values:batchUpdate",
        json={
            "valueInputOption": "RAW",
            "data": [{"range": "'🌵 test 1'!A1:C2", "values": [["🍇", "🍉", "🍋"], ["🍐", "🍎", "🍓"]]}],
        },
    )
    got = call(api, "GET", "/values:batchGet", params={"ranges": ["🌵 test 1!A:A", "🌵 test 1!C:C"]}).json()
    assert got["valueRanges"][0] == {
        "range": "'🌵 test 1'!A1:A10",
        "majorDimension": "ROWS",
        "values": [["🍇"], ["🍐"]],
    }
    assert got["valueRanges"][1]["values"] == [["🍋"], ["🍓"]]


def test_typed_values_and_date_serials_only_when_unformatted(api):
    call(
        api,
        "POST",
        "/values:batchUpdate",
        json={
            "valueInputOption": "RAW",
            "data": [{"range": "Sheet1!A1:D2", "values": [[2, 43831, "string", 53], [1.5, 0.12, 36162.0, ""]]}],
        },
    )
    raw = call(
        api,
        "GET",
        "/values:batchGet",
        params={
            "ranges": "'Sheet1'",
            "valueRenderOption": "UNFORMATTED_VALUE",
            "dateTimeRenderOption": "SERIAL_NUMBER",
        },
    ).text
    assert '"values": [\n        [\n          2,\n          43831,' in raw
    assert json.loads(raw)["valueRanges"][0]["values"] == [[2, 43831, "string", 53], [1.5, 0.12, 36162]]
    formatted = call(api, "GET", "/values:batchGet", params={"ranges": "Sheet1"}).json()
    assert formatted["valueRanges"][0]["values"][0] == ["2", "43831", "string", "53"]
    assert formatted["valueRanges"][0]["range"] == "Sheet1!A1:Z1000"


def test_error_bodies_of_404_and_403(api):
    missing = api.session().get(f"{BASE}/test", params={"includeGridData": "false"}, timeout=5)
    assert missing.status_code == 404
    assert missing.text == (
        '{\n  "error": {\n    "code": 404,\n    "message": "Requested entity was not found.",\n'
        '    "status": "NOT_FOUND"\n  }\n}\n'
    )
    api.forbid(K)
    denied = call(api, "GET", "")
    assert denied.status_code == 403
    assert denied.json() == {
        "error": {"code": 403, "message": "The caller does not have permission", "status": "PERMISSION_DENIED"}
    }


def test_refuses_what_the_real_service_refuses(api):
    assert call(api, "POST", "/values:batchUpdate", json={"data": []}).json()["error"]["message"] == (
        "'valueInputOption' is required but not specified"
    )
    beyond = call(
        api,
        "POST",
        "/values:batchUpdate",
        json={"valueInputOption": "RAW", "data": [{"range": "Sheet1!A1000:A1001", "values": [["x"], ["y"]]}]},
    )
    assert beyond.status_code == 400 and "exceeds grid limits" in beyond.json()["error"]["message"]
    twice = call(api, "POST", ":batchUpdate", json={"requests": [{"addSheet": {"properties": {"title": "sheet1"}}}]})
    assert twice.status_code == 400 and "already exists" in twice.json()["error"]["message"]
    assert call(api, "GET", "/values:batchGet", params={"ranges": "Nope!A1"}).status_code == 400


def test_counts_requests_and_scripts_storms(api):
    api.storm(2, status=429, retry_after="3")
    first = call(api, "GET", "")
    assert first.status_code == 429 and first.headers["Retry-After"] == "3"
    assert first.json()["error"]["status"] == "RESOURCE_EXHAUSTED"
    call(api, "GET", "")
    assert call(api, "GET", "").status_code == 200
    assert api.count() == 3 and api.count("spreadsheets.get") == 3
    api.storm(1, error=requests.ConnectTimeout)
    with pytest.raises(requests.ConnectTimeout):
        call(api, "GET", "")


def test_no_request_can_leave_for_another_host(api):
    with pytest.raises(AssertionError, match="another host"):
        api.session().get("https://www.googleapis.com/drive/v3/files", timeout=5)


def test_values_larger_than_their_range_are_refused(api):
    wide = call(
        api,
        "POST",
        "/values:batchUpdate",
        json={"valueInputOption": "RAW", "data": [{"range": "Sheet1!A1:B1", "values": [["a", "b", "c"]]}]},
    )
    assert wide.status_code == 400 and "Requested writing within range" in wide.json()["error"]["message"]


def test_the_fake_refuses_a_body_over_ten_mebibytes_as_google_does(fake):
    from tests.storage.conftest import KEY

    fake.add(KEY, {"Big": []})
    session = fake.session()
    body = '{"requests": [], "pad": "' + "x" * (10 * 1024 * 1024) + '"}'
    answer = session.post(f"https://sheets.googleapis.com/v4/spreadsheets/{KEY}:batchUpdate", data=body)
    assert answer.status_code == 400
    assert "Request payload size exceeds the limit: 10485760 bytes." in answer.text


def test_the_fake_refuses_deprecated_colour_fields_and_ranges_outside_the_grid(api):
    cells = {
        "range": {"sheetId": 0, "startRowIndex": 0, "endRowIndex": 1},
        "fields": "userEnteredValue,userEnteredFormat",
    }
    old = {**cells, "rows": [{"values": [{"userEnteredFormat": {"backgroundColor": {"red": 1}}}]}]}
    with pytest.raises(AssertionError, match="deprecated field backgroundColor"):
        call(api, "POST", ":batchUpdate", data=json.dumps({"requests": [{"updateCells": old}]}))
    outside = {**cells, "range": {"sheetId": 0, "startRowIndex": 1000}}
    answer = call(api, "POST", ":batchUpdate", data=json.dumps({"requests": [{"updateCells": outside}]}))
    assert answer.status_code == 400 and "exceeds grid limits" in answer.json()["error"]["message"]


def test_a_fields_mask_selects_the_answer_and_the_grid_whatever_includegriddata_says(api):
    api.add(K, {"Sheet1": [["a", 1]]})
    mask = "properties(timeZone),sheets(properties(title))"
    small = call(api, "GET", "", params={"fields": mask, "includeGridData": "true"}).json()
    assert small == {"properties": {"timeZone": "Etc/GMT"}, "sheets": [{"properties": {"title": "Sheet1"}}]}
    grid = call(api, "GET", "", params={"fields": "sheets(data(rowData(values(effectiveValue))))"}).json()
    values = [{"effectiveValue": {"stringValue": "a"}}, {"effectiveValue": {"numberValue": 1}}]
    assert grid == {"sheets": [{"data": [{"rowData": [{"values": values}]}]}]}
    whole = call(api, "GET", "", params={"includeGridData": "true"}).json()
    assert "data" in whole["sheets"][0] and "defaultFormat" in whole["properties"]


def test_a_batch_update_answers_only_the_fields_asked_for(api):
    body = json.dumps({"requests": [{"addSheet": {"properties": {"title": "New"}}}]})
    assert call(api, "POST", ":batchUpdate", data=body, params={"fields": "spreadsheetId"}).json() == {
        "spreadsheetId": K
    }
    wrong = call(api, "POST", ":batchUpdate", data=json.dumps({"requests": []}), params={"fields": "sheets"})
    assert wrong.status_code == 400 and "Invalid field selection sheets" in wrong.json()["error"]["message"]


def test_an_answer_is_compressed_for_a_client_that_asks_as_google_says(api):
    api.add(K, {"Sheet1": [["the same words"] * 20] * 50})
    for headers in ({"Accept-Encoding": "gzip"}, {"Accept-Encoding": "gzip", "User-Agent": "hostkit/1 (gzip)"}):
        answer = call(api, "GET", "", params={"includeGridData": "true"}, headers=headers)
    plain, compressed = api.calls[-2].received, api.calls[-1].received
    assert plain == len(answer.content) and compressed * 10 < plain


def test_a_slow_answer_times_out_a_client_that_stops_waiting_but_is_carried_out(api):
    moved: list[float] = []
    api.elapse = moved.append
    api.slow(120, kind="spreadsheets.batchUpdate")
    body = json.dumps({"requests": [{"addSheet": {"properties": {"title": "Slow"}}}]})
    assert call(api, "GET", "").status_code == 200 and moved == []  # a read: not the slow kind
    with pytest.raises(requests.ReadTimeout):
        api.session().post(f"{BASE}/{K}:batchUpdate", data=body, timeout=(10, 60))
    assert moved == [60] and "Slow" in [t.title for t in api.books[K].tabs]
    api.slow(120)
    assert api.session().get(f"{BASE}/{K}", timeout=(10, 190)).status_code == 200 and moved == [60, 120]


def test_an_outage_answers_its_status_until_its_time(api):
    now = [0.0]
    api.clock = lambda: now[0]
    api.outage(until=70)
    assert call(api, "GET", "").status_code == 429
    now[0] = 69.9
    assert call(api, "GET", "").json()["error"]["status"] == "RESOURCE_EXHAUSTED"
    now[0] = 70
    assert call(api, "GET", "").status_code == 200

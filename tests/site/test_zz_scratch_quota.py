import time
import pytest
from scripts.counting_server import serve_counting
from tests.site.test_integrity import new_context, set_quota, DICE, expect_live, BOOT_MS
from tests.site.test_integrity import test_a_damaged_wasm_is_never_stored_and_a_reload_recovers_once_the_server_is_fixed as damaged_test
from tests.site.test_widgets import open_widget

pytestmark = pytest.mark.browser

@pytest.mark.parametrize("first", ["damaged", "none"])
def test_probe(browser, site_dir, tmp_path, first):
    if first == "damaged":
        damaged_test(browser, site_dir, tmp_path, "truncated")
    server, url, _ = serve_counting(site_dir)
    print("\nurl", url)
    context = new_context(browser)
    said = []
    t0 = time.monotonic()
    try:
        page = context.new_page()
        page.on("console", lambda m: said.append((round(time.monotonic() - t0, 1), "page", m.text[:150])))
        page.on("worker", lambda w: w.on("console", lambda m: said.append((round(time.monotonic() - t0, 1), "worker", m.text[:150]))))
        set_quota(context, page, url, 20)
        page.goto(url + "dice/")
        dice = open_widget(page, DICE)
        expect_live(dice, BOOT_MS)
        print("live", round(time.monotonic() - t0, 1))
        page.wait_for_function("() => window.rulesEngine.storageFull", timeout=BOOT_MS)
        print("storageFull", round(time.monotonic() - t0, 1))
        print(page.evaluate("navigator.storage.estimate()"))
    finally:
        for line in said: print(line)
        context.close()
        server.shutdown()

"""A local server speaking Open Food Facts' read API (a product by barcode, the full-text search
filtered by country) for the journeys, with made-up products in the shapes real answers have."""
import urllib.parse

from stand_in import JSONHandler, StandIn

# A German apple juice per 100 ml, energy in both units, numbers partly as strings, a 200 ml serving.
JUICE = "4000000067890"
# A hazelnut spread whose code has a true check digit, so a picture of its stripes scans.
SPREAD = "4000000035022"
PRODUCTS = {
    JUICE: {"code": JUICE, "product_name": "Apfelsaft naturtrüb", "brands": "Obsthof", "quantity": "1 l",
            "categories": "Beverages, Plant-based foods, Fruit juices, Apple juices, de:Naturtrübe Apfelsäfte",
            "product_quantity_unit": "ml", "serving_quantity": 200, "serving_size": "1 Glas (200 ml)",
            "nutriments": {"energy-kcal_100g": 46, "energy-kj_100g": "195", "carbohydrates_100g": 10.8, "sugars_100g": "10.2",
                           "proteins_100g": 0.1, "fat_100g": 0.1, "salt_100g": 0.01},
            "countries_tags": ["en:germany", "en:austria"]},
    SPREAD: {"code": SPREAD, "product_name": "Haselnusscreme", "brands": "Nussig", "quantity": "400 g",
                      "serving_quantity": "15", "serving_size": "1 EL (15 g)",
                      "nutriments": {"energy-kcal_100g": 539, "fat_100g": 30.9, "carbohydrates_100g": 57.5, "proteins_100g": 6.3, "salt_100g": 0.107},
                      "countries_tags": ["en:germany"]},
}


class Handler(JSONHandler):
    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        if url.path.startswith("/api/v2/product/"):
            code = url.path.rsplit("/", 1)[-1]
            product = PRODUCTS.get(code)
            if product is None:
                return self.answer(404, {"code": code, "status": 0, "status_verbose": "product not found"})
            return self.answer(200, {"code": code, "status": 1, "product": product})
        if url.path == "/cgi/search.pl":
            words = query.get("search_terms", [""])[0].lower().split()
            country = query.get("tag_0", [None])[0]
            found = [p for p in PRODUCTS.values()
                     if words and all(word in p["product_name"].lower() for word in words)
                     and (country is None or country in p["countries_tags"])]
            return self.answer(200, {"count": len(found), "page": 1, "page_size": 10, "products": found})
        self.answer(404, {"status": 0})


class OpenFoodFactsStandIn(StandIn):
    def __init__(self):
        super().__init__(Handler)

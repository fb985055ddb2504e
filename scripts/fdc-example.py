#!/usr/bin/env python3
"""A FoodData Central client in a few lines, as its documentation describes the API: search, then
one food's details. It runs against https://api.nal.usda.gov/fdc with an api.data.gov key, or
against a FoodDiary server's /fdc with a personal access token, and prints the same either way.

    python3 scripts/fdc-example.py BASE_URL KEY "cheddar cheese"
"""
import json
import sys
import urllib.request


def call(base, key, path, body=None):
    request = urllib.request.Request(base.rstrip("/") + path, method="POST" if body else "GET",
                                     data=json.dumps(body).encode() if body else None,
                                     headers={"X-Api-Key": key, "Content-Type": "application/json", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def main():
    base, key, query = sys.argv[1], sys.argv[2], sys.argv[3]
    found = call(base, key, "/v1/foods/search",
                 {"query": query, "dataType": ["Foundation", "SR Legacy", "Survey (FNDDS)"], "pageSize": 5, "pageNumber": 1})
    for field in ("totalHits", "currentPage", "totalPages", "pageList", "foodSearchCriteria", "foods"):
        assert field in found, f"search answer lacks {field}"
    print(f"{found['totalHits']} hits for {found['foodSearchCriteria']['query']!r}, page {found['currentPage']} of {found['totalPages']}")
    for hit in found["foods"]:
        energy = next((n["value"] for n in hit["foodNutrients"] if n["nutrientNumber"] == "208"), None)
        print(f"  {hit['fdcId']:>10}  {hit['dataType']:<15} {hit['description'][:50]:<50} {energy} kcal/100 g")
    if not found["foods"]:
        return
    food = call(base, key, f"/v1/food/{found['foods'][0]['fdcId']}")
    energy = next((n["amount"] for n in food["foodNutrients"] if n["nutrient"]["number"] == "208" and "amount" in n), None)
    print(f"{food['description']} ({food['dataType']}): {energy} kcal per 100 g")
    for portion in food.get("foodPortions", []):
        words = portion.get("portionDescription") or f"{portion.get('amount', 1)} {portion.get('modifier', '')}"
        print(f"  {words} = {portion['gramWeight']} g")


if __name__ == "__main__":
    main()

import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

extension DiaryReport {
    /// The days `first` through `last`. Each figure is summed by SQLite, a row a day (or a row a
    /// food name): reading every food of a month with its forty nutrients into Swift cost a
    /// four-week report 13 ms (docs/BENCHMARKS.md).
    static func read(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> DiaryReport {
        let sums = try daySums(db, from: first, through: last)
        let meals = try mealTimes(db, from: first, through: last)
        let water = try waterByDay(db, from: first, through: last)
        let movement = try ActivityQueries.days(db, from: first, through: last)
        let notes = try DayQueries.notes(db, from: first, through: last)
        var dates: [LocalDate] = []
        var date = first
        while date <= last {
            dates.append(date)
            date = date.next
        }
        let weight = try BodyQueries.weightTrend(db, through: last, shownDays: dates.count + 1).trend
        let weighed = Dictionary(weight.days.compactMap { day in day.weighedKilograms.map { (day.date, $0) } }) { first, _ in first }
        let days = dates.map { date in
            Day(
                date: date, mealCount: meals[date]?.count ?? 0, mealsToItemise: sums[date]?.mealsToItemise ?? 0,
                totals: sums[date]?.totals ?? NutrientValues(), waterMillilitres: water[date], weighedKilograms: weighed[date],
                exerciseKcal: movement[date].flatMap { $0.activeKcal > 0 ? $0.activeKcal : nil }, steps: movement[date]?.steps,
                note: notes[date])
        }
        let (needs, unknown) = needs(days: days, sums: sums, settings: try NutrientQueries.settings(db))
        return DiaryReport(
            first: first, last: last, days: days, goals: try DailyGoals.fetch(db), needs: needs, unknownNeeds: unknown,
            foods: try mostEaten(db, from: first, through: last), timing: timing(meals.values), weight: weight,
            units: try BodyQueries.settings(db).units)
    }

    /// A day's foods summed: how many, and for each nutrient the sum and how many foods say it.
    struct DaySums {
        var mealsToItemise = 0
        var foods = 0
        var totals = NutrientValues()
        var saying: [NutrientKind: Int] = [:]
    }

    private static func daySums(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> [LocalDate: DaySums] {
        let kinds = NutrientKind.allCases
        let columns = kinds.map { ", sum(e.\($0.column)), count(e.\($0.column))" }.joined()
        var sums: [LocalDate: DaySums] = [:]
        for row in try db.cachedRows(
            """
            SELECT substr(m.eaten_local, 1, 10), sum(e.id IS NULL), count(e.id)\(columns)
            FROM meal m LEFT JOIN food_entry e ON e.meal_id = m.id
            WHERE m.eaten_local >= ? AND m.eaten_local < ?
            GROUP BY 1
            """, [first.description, last.next.description])
        {
            guard let date = LocalDate(parsing: row[0]) else { continue }
            var day = DaySums(mealsToItemise: row[1], foods: row[2])
            // By position: a name is lower-cased on every lookup.
            for (index, kind) in kinds.enumerated() {
                let saying: Int = row[4 + 2 * index]
                day.saying[kind] = saying
                if saying > 0 { day.totals[kind] = row[3 + 2 * index] }
            }
            sums[date] = day
        }
        return sums
    }

    /// Each need over the whole days: the mean of what the foods that say it held, and the days
    /// below it (a day none of whose foods says is unknown, not below); and the needs no food says.
    private static func needs(
        days: [Day], sums: [LocalDate: DaySums], settings: NutrientSettings
    ) -> (needs: [Need], unknown: [NutrientKind]) {
        let whole = days.filter(\.isWhole).compactMap { sums[$0.date] }
        let targets = settings.targets
        var needs: [Need] = [], unknown: [NutrientKind] = []
        for kind in NutrientReport.groups.flatMap(\.kinds) {
            guard let target = targets[kind] else { continue }
            let said = whole.filter { ($0.saying[kind] ?? 0) > 0 }
            guard !said.isEmpty else {
                unknown.append(kind)
                continue
            }
            let amount = said.reduce(0) { $0 + $1.totals.value(kind, default: 0) } / Double(whole.count)
            let line = NutrientReport.Line(
                kind: kind, amount: amount, target: target,
                foodsNotSaying: whole.reduce(0) { $0 + $1.foods - ($1.saying[kind] ?? 0) }, sources: [])
            guard target.minimum != nil || target.maximum != nil else { continue }
            let under = target.minimum.map { minimum in said.count { $0.totals.value(kind, default: 0) < minimum } } ?? 0
            needs.append(Need(line: line, daysUnder: under))
        }
        return (needs, unknown)
    }

    /// Each day's meals: how many, and the first and last one's time as minutes after midnight.
    private static func mealTimes(
        _ db: Database, from first: LocalDate, through last: LocalDate
    ) throws -> [LocalDate: (count: Int, first: Int, last: Int)] {
        var days: [LocalDate: (count: Int, first: Int, last: Int)] = [:]
        for row in try db.cachedRows(
            """
            SELECT substr(eaten_local, 1, 10), count(*), min(substr(eaten_local, 12, 5)), max(substr(eaten_local, 12, 5)) FROM meal
            WHERE eaten_local >= ? AND eaten_local < ? GROUP BY 1
            """, [first.description, last.next.description])
        {
            guard let date = LocalDate(parsing: row[0]), let earliest = minutes(row[2]), let latest = minutes(row[3]) else { continue }
            days[date] = (row[1], earliest, latest)
        }
        return days
    }

    /// "07:40" as 460.
    private static func minutes(_ clock: String) -> Int? {
        let parts = clock.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        return hour * 60 + minute
    }

    private static func timing(_ days: some Collection<(count: Int, first: Int, last: Int)>) -> Timing? {
        guard !days.isEmpty else { return nil }
        let count = Double(days.count)
        return Timing(
            firstMealMinutes: Int((Double(days.reduce(0) { $0 + $1.first }) / count).rounded()),
            lastMealMinutes: Int((Double(days.reduce(0) { $0 + $1.last }) / count).rounded()),
            mealsPerDay: Double(days.reduce(0) { $0 + $1.count }) / count)
    }

    private static func waterByDay(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> [LocalDate: Double] {
        var water: [LocalDate: Double] = [:]
        for row in try db.cachedRows(
            "SELECT substr(drunk_local, 1, 10), sum(millilitres) FROM water_drink WHERE drunk_local >= ? AND drunk_local < ? GROUP BY 1",
            [first.description, last.next.description])
        {
            if let date = LocalDate(parsing: row[0]) { water[date] = row[1] }
        }
        return water
    }

    /// By the name each was logged under: how often, and the energy it brought; ties by name.
    private static func mostEaten(_ db: Database, from first: LocalDate, through last: LocalDate) throws -> [FoodEaten] {
        try db.cachedRows(
            """
            SELECT e.description, count(*) AS times, coalesce(sum(e.energy_kcal), 0) AS kcal
            FROM food_entry e JOIN meal m ON m.id = e.meal_id
            WHERE m.eaten_local >= ? AND m.eaten_local < ?
            GROUP BY e.description ORDER BY times DESC, kcal DESC, e.description LIMIT ?
            """, [first.description, last.next.description, foodsListed]
        ).map { FoodEaten(name: $0[0], times: $0[1], energyKcal: $0[2]) }
    }
}

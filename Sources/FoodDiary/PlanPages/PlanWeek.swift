import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// A week of the plan as its page and the JSON API read it: what each day plans, with what it
/// brings against the person's goals and needs, and what the household's shared plans hold.
struct PlanWeek: Sendable {
    struct Day: Sendable {
        let date: LocalDate
        let planned: [PlannedMeal]
        /// What the planned foods and recipes bring, summed; notes bring nothing known.
        let totals: NutrientValues
        /// Nutrients a goal or a need asks at least so much of and the plan brings less, worst first.
        let shortOn: [NutrientKind]
        let household: [(owner: String, planned: [PlannedMeal])]

        var hasFood: Bool { planned.contains { $0.nutrients != nil } }
    }

    let first: LocalDate
    let today: LocalDate
    let days: [Day]
    let goals: DailyGoals
    let slotNames: MealSlotNames
    let isShared: Bool

    /// The Monday of `date`'s week.
    static func monday(of date: LocalDate) -> LocalDate { date.adding(days: -((date.weekdayIndex + 6) % 7)) }

    /// `count` days from `first` in `diary`, with the plans the household's other diaries share.
    static func read(
        _ diary: Diary, from first: LocalDate, days count: Int = 7, today: LocalDate, household: [(diary: Diary, ownerName: String)] = []
    ) async throws -> PlanWeek {
        let last = first.adding(days: count - 1)
        let (planned, goals, needs, slotNames, isShared) = try await diary.database.read { db in
            (
                try PlanQueries.plan(db, from: first, through: last), try DailyGoals.fetch(db), try NutrientQueries.settings(db).targets,
                try MealSlotNames.fetch(db), try PlanSharing.isShared(db)
            )
        }
        var shared: [(owner: String, planned: [PlannedMeal])] = []
        for (other, owner) in household {
            let plan = try await other.database.read { db in
                try PlanSharing.isShared(db) ? try PlanQueries.plan(db, from: first, through: last) : []
            }
            if !plan.isEmpty { shared.append((owner, plan)) }
        }
        let days = (0..<count).map { offset in
            let date = first.adding(days: offset)
            let ofDay = planned.filter { $0.day == date }
            let totals = NutrientValues.sum(ofDay.compactMap(\.nutrients))
            return Day(
                date: date, planned: ofDay, totals: totals,
                shortOn: isPlannedWhole(totals, goals: goals) ? shortfalls(totals, goals: goals, needs: needs) : [],
                household: shared.compactMap { owner, plan in
                    let theirs = plan.filter { $0.day == date }
                    return theirs.isEmpty ? nil : (owner, theirs)
                })
        }
        return PlanWeek(first: first, today: today, days: days, goals: goals, slotNames: slotNames, isShared: isShared)
    }

    /// Whether a day plans enough to be read against a day's needs: half its energy goal, or half
    /// the Daily Values' 2,000 kcal without one. An onion planned for Monday is not Monday's diet.
    static func isPlannedWhole(_ totals: NutrientValues, goals: DailyGoals) -> Bool {
        guard let energy = totals[.energyKcal] else { return false }
        return energy >= (goals[.energyKcal] ?? dailyValuesKcal) / 2
    }

    /// The day the FDA's Daily Values are written for.
    static let dailyValuesKcal = 2_000.0

    /// The nutrients the plan brings less of than the day's goal (protein, fibre) or the minimum
    /// the person needs, by how far short; a nutrient no planned food says is not counted short.
    static func shortfalls(_ totals: NutrientValues, goals: DailyGoals, needs: [NutrientKind: NutrientTarget]) -> [NutrientKind] {
        var shares: [(NutrientKind, Double)] = []
        for kind in NutrientKind.allCases where kind != .energyKcal {
            guard let amount = totals[kind] else { continue }
            let goalMinimum = [NutrientKind.proteinG, .fiberG].contains(kind) ? goals[kind] : nil
            guard let minimum = goalMinimum ?? needs[kind]?.minimum, minimum > 0, amount < minimum else { continue }
            shares.append((kind, amount / minimum))
        }
        return shares.sorted { $0.1 < $1.1 }.map(\.0)
    }
}

import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// `/energy`: the energy the person's body burns, estimated from their own diary and weight trend,
/// and a daily target for the rate they choose, which they may take into their goals.
struct EnergyController: Sendable {
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/energy", use: page)
        routes.post("/energy", use: accept)
    }

    /// The rates offered, in the person's units: lose, keep or gain so much a week.
    static func rates(_ units: UnitSystem) -> [Double] {
        units == .metric ? [-0.75, -0.5, -0.25, 0, 0.25] : [-1.5, -1, -0.5, 0, 0.5].map { units.kilograms(fromWeight: $0) }
    }

    private func read(_ context: AppRequestContext) async throws -> DayQueries.EnergyReading {
        let yesterday = LocalDateTime(now(), in: timeZone).date.previous
        return try await context.diary().database.read { db in try DayQueries.energy(db, endingOn: yesterday) }
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = try request.formQuery()["notice"] == "accepted" ? tr("Your daily energy goal is set.") : nil
        return await renderer.render(.energy, view(try await read(context), csrfToken: context.csrfToken, notice: notice), for: context)
    }

    @Sendable func accept(_ request: Request, context: AppRequestContext) async throws -> Response {
        let reading = try await read(context)
        guard case .success(let estimate) = reading.outcome else {
            throw HTTPError(
                .conflict, message: tr("There is no estimate to take a target from yet: the energy page says what it still needs."))
        }
        let offered = Self.rates(reading.settings.units)
        guard let index = context.formFields["rate"].flatMap(Int.init), offered.indices.contains(index) else {
            throw HTTPError(.badRequest, message: tr("Pick one of the rates the energy page offers."))
        }
        let exerciseAdded = reading.settings.exerciseAddsToGoal
        try await context.diary().database.acceptEnergyTarget(
            kcal: estimate.target(kilogramsPerWeek: offered[index], exerciseAddedDaily: exerciseAdded).kcal,
            kilogramsPerWeek: offered[index])
        return redirect(to: "/energy?notice=accepted")
    }

    private func view(_ reading: DayQueries.EnergyReading, csrfToken: String, notice: String?) -> EnergyView {
        let units = reading.settings.units
        let currentGoal = reading.goal.map { tr("Your daily energy goal now: \(kcalText($0)).") }
        switch reading.outcome {
        case .failure(let shortfall):
            return EnergyView(
                csrfToken: csrfToken, notice: notice, hasEstimate: false, expenditureText: nil, basisText: nil, confidenceText: nil,
                shortfallText: Self.text(shortfall), exerciseText: nil, rates: [], currentGoalText: currentGoal)
        case .success(let estimate):
            let chosen = reading.settings.weeklyRateKilograms
            let rates = Self.rates(units).enumerated().map { index, rate in
                let target = estimate.target(kilogramsPerWeek: rate, exerciseAddedDaily: reading.settings.exerciseAddsToGoal)
                let label =
                    rate == 0
                    ? tr("Keep my weight")
                    : rate < 0
                        ? tr("Lose \(units.weightText(kilograms: -rate)) a week") : tr("Gain \(units.weightText(kilograms: rate)) a week")
                return EnergyView.Rate(
                    value: "\(index)", label: label, targetText: tr("\(kcalText(target.kcal)) a day"),
                    note: target.isFloored
                        ? tr(
                            "Held at \(kcalText(EnergyExpenditure.lowestSuggestedKcal)): eating less than that a day needs a clinician’s care."
                        )
                        : nil,
                    selected: chosen.map { abs($0 - rate) < 0.001 } ?? (rate == 0))
            }
            let change = estimate.trendChangeKilograms
            let changeText =
                abs(units.weight(fromKilograms: change)) < 0.05
                ? "steady" : tr("\(change < 0 ? "down" : "up") \(units.weightText(kilograms: abs(change)))")
            let leftOut = [
                estimate.notLoggedDays > 0 ? tr("\(estimate.notLoggedDays) not logged") : nil,
                estimate.toItemiseDays > 0 ? tr("\(estimate.toItemiseDays) with meals to itemise") : nil
            ].compactMap { $0 }
            let basis =
                tr("From \(estimate.countedDays) complete days between \(estimate.first.shortText) and \(estimate.last.shortText) ")
                + tr(
                    "(mean \(kcalText(estimate.meanIntakeKcal)) a day) and \(estimate.weighInDays) days of weigh-ins (trend \(changeText))."
                )
                + (leftOut.isEmpty ? "" : tr(" Left out: \(leftOut.joined(separator: ", "))."))
            let confidence =
                estimate.confidence == .good
                ? tr("Well founded: most days are logged and weighed.")
                : tr("A rough estimate: it firms up as more days are logged in full and weighed.")
            return EnergyView(
                csrfToken: csrfToken, notice: notice, hasEstimate: true,
                expenditureText: tr("About \(kcalText(estimate.shownKcal)) a day"), basisText: basis,
                confidenceText: confidence, shortfallText: nil,
                exerciseText: Self.exerciseText(estimate, addedDaily: reading.settings.exerciseAddsToGoal),
                rates: rates, currentGoalText: currentGoal)
        }
    }

    /// What logged exercise has to do with the estimate and the targets, when there was any.
    static func exerciseText(_ estimate: EnergyExpenditure, addedDaily: Bool) -> String? {
        guard estimate.meanActiveKcal >= 1 else { return nil }
        let mean = tr("Of this, logged exercise is about \(kcalText((estimate.meanActiveKcal / 10).rounded() * 10)) a day.")
        return addedDaily
            ? mean
                + tr(
                    " Each day’s goal grows by that day’s exercise, so the targets below leave it out: about \(kcalText((estimate.withoutExerciseKcal / 10).rounded() * 10)) a day without it."
                )
            : mean + tr(" The targets below hold a usual day’s exercise; your goal stays the same whatever you do.")
    }

    static func text(_ shortfall: EnergyExpenditure.Shortfall) -> String {
        switch shortfall {
        case .noRecentWeighIn:
            tr(
                "Weigh in first: the estimate needs a weigh-in in the last week, and weigh-ins on at least \(EnergyExpenditure.minimumWeighInDays) days of the last six weeks."
            )
        case .tooFewWeighIns(let days):
            tr("Weigh in on at least \(EnergyExpenditure.minimumWeighInDays) days of the last six weeks (so far \(days)).")
        case .tooFewCountedDays(let counted):
            tr(
                "Log everything you eat on at least \(EnergyExpenditure.minimumCountedDays) days of the last six weeks (so far \(counted) complete days)."
            )
        }
    }
}

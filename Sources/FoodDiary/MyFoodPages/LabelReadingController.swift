import FoodDiaryBase
import FoodDiaryPhotos
import FoodDiaryWeb
import Foundation
import Hummingbird

/// A new food from a photo of its label: the owner's model reads it into the My food form.
struct LabelReadingController: Sendable {
    /// Nil when the owner has set no model: nothing is ever sent.
    let help: ModelHelp?
    let renderer: PageRenderer

    static let path = "/my-foods/label"

    func addRoutes(to routes: Routes) {
        routes.post(Self.path, use: readLabel)
    }

    /// A label's photo, checked as any upload is, read into the My food form for the person to
    /// check; the photo itself is not kept.
    @Sendable func readLabel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let help = try await ModelHelp.chosen(help, by: diary)
        var view = MyFoodFormView(id: nil, form: MyFoodForm(), csrfToken: context.csrfToken)
        view.readLabelAction = Self.path
        let photo: IngestedPhoto
        switch try await diary.photos.photoField(of: context.uploads) {
        case .failure(let rejection):
            view.labelError = rejection.message
            return await renderer.render(.myFoodForm, view, for: context, status: rejection.status)
        case .success(nil):
            view.labelError = tr("Choose a photo of the label first.")
            return await renderer.render(.myFoodForm, view, for: context, status: .unprocessableContent)
        case .success(let checked?): photo = checked
        }
        defer { unlink(photo.temporaryPath) }
        let jpeg = try await MealPhotoForModel.jpeg(ofUpload: photo.temporaryPath, pixels: LabelReading.pixels)
        switch await help.readLabel(photoJPEG: jpeg) {
        case .success(let reading):
            var read = MyFoodFormView(id: nil, form: MyFoodForm(reading: reading), csrfToken: context.csrfToken)
            read.readLabelAction = Self.path
            read.labelNotice =
                tr(
                    "Read by \(help.endpoint.model) from the label. Check each value against the label, then save: nothing is kept until you do."
                )
            return await renderer.render(.myFoodForm, read, for: context)
        case .failure(let problem):
            view.labelError =
                problem == .notFound
                ? tr("The model found no nutrition values in the photo. Type them from the label instead.")
                : ModelNotices.meal[ModelNotices.key(problem)]
            return await renderer.render(.myFoodForm, view, for: context, status: problem.status)
        }
    }
}

import FoodDiaryWeb
import FoodDiaryPhotos

extension PhotoStore {
    /// The photo a form sent in its `photo` field, checked: nil when none was chosen, or why it was
    /// refused, for the form to show beside the field. Every form with a photo (meals, my foods,
    /// recipes) reads it here, then records it through `committing`.
    func photoField(of uploads: [UploadedFile]) async throws -> Result<IngestedPhoto?, PhotoRejection> {
        guard let upload = uploads.first(where: { $0.fieldName == "photo" }) else { return .success(nil) }
        do {
            return .success(try await ingest(upload))
        } catch let rejection as PhotoRejection {
            return .failure(rejection)
        }
    }

    /// A form's file, checked as every photo is.
    func ingest(_ upload: UploadedFile) async throws -> IngestedPhoto {
        try await ingest(temporaryPath: upload.temporaryPath, byteCount: upload.byteCount, sha256: upload.sha256)
    }
}

// RunSetupPanel: grouped form widgets, each with an objectName the window tests address.
#include "gui/widgets/run_setup_panel.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPixmap>
#include <QSettings>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>

#include "core/common/units.h"
#include "core/model/model_zoo.h"
#include "gui/lib/config_catalog.h"
#include "gui/lib/config_palette.h"
#include "gui/lib/display_text.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {
namespace {

// A small square in the config's family colour, so the list already speaks the charts' colours.
// Drawn at the screen's pixel ratio (sharp at 150 % and 200 %), and the same picture when the list
// is disabled during a run: a greyed swatch no longer matches its line on the chart.
QIcon swatch(const QColor& color) {
  const qreal ratio = qApp ? qApp->devicePixelRatio() : 1.0;
  QPixmap pixmap(QSize(12, 12) * ratio);
  pixmap.setDevicePixelRatio(ratio);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  painter.setPen(color.darker(130));
  painter.setBrush(color);
  painter.drawRect(QRectF(0.5, 0.5, 11, 11));
  painter.end();
  QIcon icon(pixmap);
  icon.addPixmap(pixmap, QIcon::Disabled);
  return icon;
}

// Hints under the inputs: quieter than the text, but at about 7:1 against the window where
// PlaceholderText (half-transparent text) fell to about 3:1, and in both palettes.
void makeHint(QLabel* label) {
  QPalette p = label->palette();
  const QColor text = p.color(QPalette::WindowText), window = p.color(QPalette::Window);
  const double k = 0.72;
  p.setColor(QPalette::WindowText, QColor::fromRgbF(text.redF() * k + window.redF() * (1 - k),
                                                    text.greenF() * k + window.greenF() * (1 - k),
                                                    text.blueF() * k + window.blueF() * (1 - k)));
  label->setPalette(p);
}

QString deviceLabel(const DeviceInfo& d) {
  if (d.kind == DeviceKind::Cpu)
    return RunSetupPanel::tr("CPU — %1").arg(QString::fromStdString(d.name));
  return QStringLiteral("%1 — %2 (sm %3, %4)")
      .arg(QString::fromStdString(d.deviceString()), QString::fromStdString(d.name),
           QString::fromStdString(d.computeCapability()), QString::fromStdString(d.generation()));
}

QGroupBox* group(const QObject* context, const char* title, QLayout* layout) {
  auto* box = newTr<QGroupBox>(context, title);
  box->setLayout(layout);
  return box;
}

// The zoo's descriptions (core/model/model_zoo.cpp) as the UI shows them: translated when the
// language has them, else as core wrote them. Listed so that lupdate finds them.
[[maybe_unused]] constexpr const char* kZooDescriptions[] = {
    QT_TRANSLATE_NOOP("inferscope::ModelZoo", "ResNet-18 (torchvision topology), 224×224 images"),
    QT_TRANSLATE_NOOP("inferscope::ModelZoo", "ResNet-50 (torchvision topology), 224×224 images"),
    QT_TRANSLATE_NOOP("inferscope::ModelZoo", "BERT-base-like Transformer encoder over token ids"),
};
QString zooDescription(const std::string& description) {
  return QCoreApplication::translate("inferscope::ModelZoo", description.c_str());
}

}  // namespace

RunSetupPanel::RunSetupPanel(std::vector<DeviceInfo> devices, bool has_aoti, QWidget* parent)
    : QWidget(parent), devices_(std::move(devices)), has_aoti_(has_aoti) {
  if (devices_.empty()) devices_.push_back(DeviceInfo{});  // the CPU is always there
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(createModelGroup());
  layout->addWidget(createDeviceGroup());
  layout->addWidget(createConfigGroup(), 1);
  layout->addWidget(createIterationGroup());
  connect(warmup_spin_, &QSpinBox::valueChanged, this, &RunSetupPanel::updateEstimate);
  connect(iterations_spin_, &QSpinBox::valueChanged, this, &RunSetupPanel::updateEstimate);
  connect(model_combo_, &QComboBox::currentIndexChanged, this, [this] {
    if (planPreset() == QLatin1String("guide")) applyPreset();
  });
  connect(device_combo_, &QComboBox::currentIndexChanged, this, [this] {
    if (planPreset() == QLatin1String("guide")) applyPreset();
  });
  updateModelDetails();
  updateDeviceDetails();
  updateEstimate();
}

QWidget* RunSetupPanel::createModelGroup() {
  model_combo_ = new QComboBox;
  model_combo_->setObjectName(QStringLiteral("modelCombo"));
  for (const auto& m : zooModels()) {
    model_combo_->addItem(QString::fromStdString(m.name));
    model_combo_->setItemData(model_combo_->count() - 1, zooDescription(m.description),
                              Qt::ToolTipRole);
  }
  model_combo_->setCurrentText(QString::fromUtf8(kDefaultModel));
  batch_spin_ = new QSpinBox;
  batch_spin_->setObjectName(QStringLiteral("batchSpin"));
  // The engine takes any batch a session can record (1…2^31, core/session/session_validation.cpp):
  // an out-of-memory batch is a result to see, not a number to clamp.
  batch_spin_->setRange(1, std::numeric_limits<int>::max());
  model_details_ = new QLabel;
  model_details_->setObjectName(QStringLiteral("modelDetails"));
  model_details_->setWordWrap(true);
  makeHint(model_details_);
  connect(model_combo_, &QComboBox::currentIndexChanged, this, [this] {
    if (!applying_request_) session_described_ = false;  // the user's choice for a new run
    updateBatchEnabled();
    updateModelDetails();
    emit changed();
  });
  connect(batch_spin_, &QSpinBox::valueChanged, this, [this] {
    if (!applying_request_) session_described_ = false;
    updateModelDetails();
    emit changed();
  });

  // The model picker's way to a file: the window's File ▸ Open Model (trust prompt first).
  auto* file_button = newTr<QToolButton>(this, QT_TR_NOOP("File…"));
  file_button->setObjectName(QStringLiteral("modelFileButton"));
  bindTr(this, file_button, "toolTip",
         QT_TR_NOOP("Run your own model: a Python entry point (.py, a function returning the model "
                    "and its example inputs) or an ExportedProgram (.pt2)"));
  connect(file_button, &QToolButton::clicked, this, &RunSetupPanel::openModelRequested);
  model_file_button_ = file_button;
  auto* model_row = new QHBoxLayout;
  model_row->setContentsMargins(0, 0, 0, 0);
  model_row->addWidget(model_combo_, 1);
  model_row->addWidget(file_button);
  auto* form = new QFormLayout;
  form->addRow(newTr<QLabel>(this, QT_TR_NOOP("Model")), model_row);
  form->addRow(newTr<QLabel>(this, QT_TR_NOOP("Batch")), batch_spin_);
  form->addRow(model_details_);
  return group(this, QT_TR_NOOP("Model"), form);
}

QWidget* RunSetupPanel::createDeviceGroup() {
  device_combo_ = new QComboBox;
  device_combo_->setObjectName(QStringLiteral("deviceCombo"));
  device_combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  device_combo_->setMinimumContentsLength(16);
  for (const auto& d : devices_) {
    device_combo_->addItem(deviceLabel(d), QString::fromStdString(d.deviceString()));
    device_combo_->setItemData(device_combo_->count() - 1, deviceLabel(d), Qt::ToolTipRole);
  }
  // A GPU when there is one: that is what the tool is for. Otherwise the CPU (index 0).
  device_combo_->setCurrentIndex(devices_.size() > 1 ? 1 : 0);
  device_details_ = new QLabel;
  device_details_->setWordWrap(true);
  makeHint(device_details_);
  connect(device_combo_, &QComboBox::currentIndexChanged, this, [this] {
    updateDeviceDetails();
    emit changed();
  });

  auto* layout = new QVBoxLayout;
  layout->addWidget(device_combo_);
  layout->addWidget(device_details_);
  return group(this, QT_TR_NOOP("Device"), layout);
}

QWidget* RunSetupPanel::createConfigGroup() {
  config_list_ = new QListWidget;
  config_list_->setObjectName(QStringLiteral("configList"));
  for (const auto& key : ConfigCatalog::offeredKeys())
    addConfigItem(key, key == ConfigCatalog::defaultKey());
  connect(config_list_, &QListWidget::itemChanged, this, [this] {
    if (!applying_preset_ && plan_combo_->currentIndex() != 2) {
      const QSignalBlocker block(plan_combo_);
      plan_combo_->setCurrentIndex(2);  // the user's own selection now
    }
    updateEstimate();
    emit changed();
  });
  plan_combo_ = new QComboBox;
  plan_combo_->setObjectName(QStringLiteral("planCombo"));
  addTrItem(this, plan_combo_, QT_TR_NOOP("guide — the guide's combinations for this device"),
            QStringLiteral("guide"));
  addTrItem(this, plan_combo_, QT_TR_NOOP("grid — every precision × layout × compile × cuDNN"),
            QStringLiteral("grid"));
  addTrItem(this, plan_combo_, QT_TR_NOOP("custom — the checked configs"),
            QStringLiteral("custom"));
  plan_combo_->setCurrentIndex(2);
  plan_combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  plan_combo_->setMinimumContentsLength(10);
  connect(plan_combo_, &QComboBox::currentIndexChanged, this, [this] {
    applyPreset();
    emit changed();
  });
  trace_check_ = newTr<QCheckBox>(this, QT_TR_NOOP("Trace kernels (CUDA)"));
  trace_check_->setObjectName(QStringLiteral("traceCheck"));
  bindTr(this, trace_check_, "toolTip",
         QT_TR_NOOP(
             "CUPTI window over the first warm-up and steady iterations: fills the Kernels tab.\n"
             "Only on a CUDA device; the iterations after the window run untraced."));
  estimate_label_ = new QLabel;
  estimate_label_->setObjectName(QStringLiteral("estimateLabel"));
  estimate_label_->setWordWrap(true);
  makeHint(estimate_label_);
  auto* layout = new QVBoxLayout;
  layout->addWidget(plan_combo_);
  layout->addWidget(config_list_);
  layout->addWidget(trace_check_);
  layout->addWidget(estimate_label_);
  return group(this, QT_TR_NOOP("Plan"), layout);
}

void RunSetupPanel::addConfigItem(const QString& key, bool checked) {
  auto* item = new QListWidgetItem(key, config_list_);
  item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
  item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
  item->setIcon(swatch(ConfigPalette::onPalette(
      ConfigPalette::color(OptimizationConfig::parse(key.toStdString())), palette())));
}

QWidget* RunSetupPanel::createIterationGroup() {
  warmup_spin_ = new QSpinBox;
  warmup_spin_->setObjectName(QStringLiteral("warmupSpin"));
  warmup_spin_->setRange(0, 10000);
  warmup_spin_->setValue(10);
  bindTr(this, warmup_spin_, "toolTip",
         QT_TR_NOOP("Iterations run first and shown, never part of the statistics"));
  iterations_spin_ = new QSpinBox;
  iterations_spin_->setObjectName(QStringLiteral("iterationsSpin"));
  iterations_spin_->setRange(1, 1000000);
  iterations_spin_->setValue(50);
  bindTr(this, iterations_spin_, "toolTip", QT_TR_NOOP("Measured iterations per config"));
  accuracy_check_ = newTr<QCheckBox>(this, QT_TR_NOOP("Compare outputs with FP32"));
  accuracy_check_->setObjectName(QStringLiteral("accuracyCheck"));
  accuracy_check_->setChecked(true);
  // Short: the dock is as wide as its widest row. The tooltip says the rest.
  adaptive_check_ = newTr<QCheckBox>(this, QT_TR_NOOP("Adaptive stop (median ±1 %)"));
  adaptive_check_->setObjectName(QStringLiteral("adaptiveCheck"));
  bindTr(this, adaptive_check_, "toolTip",
         QT_TR_NOOP("Adaptive stopping: each config runs until its steady median's 95 % CI is "
                    "within ±1 % (at least 100 iterations), with warm-up + measured as its "
                    "budget. The chart marks the provisional steady start while it runs."));
  roofline_check_ = newTr<QCheckBox>(this, QT_TR_NOOP("Roofline (FLOPs and bytes)"));
  roofline_check_->setObjectName(QStringLiteral("rooflineCheck"));
  bindTr(this, roofline_check_, "toolTip",
         QT_TR_NOOP("Counts each config's FLOPs and bytes (one extra, untimed forward per config) "
                    "and places it under the device's measured ceilings: fills the Roofline tab, "
                    "as inferscope-cli profile --roofline does."));
  auto* form = new QFormLayout;
  form->addRow(newTr<QLabel>(this, QT_TR_NOOP("Warm-up")), warmup_spin_);
  form->addRow(newTr<QLabel>(this, QT_TR_NOOP("Measured")), iterations_spin_);
  form->addRow(accuracy_check_);
  form->addRow(adaptive_check_);
  form->addRow(roofline_check_);
  return group(this, QT_TR_NOOP("Iterations per config"), form);
}

void RunSetupPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    // The texts computed from the choices; the static ones are bound (translated_text.h).
    for (int i = 0; i < model_combo_->count(); ++i) {
      if (const auto info = findZooModel(model_combo_->itemText(i).toStdString()))
        model_combo_->setItemData(i, zooDescription(info->description), Qt::ToolTipRole);
    }
    updateModelDetails();
    updateDeviceDetails();
    updateEstimate();
  }
  QWidget::changeEvent(event);
}

void RunSetupPanel::updateModelDetails() {
  if (session_described_) {
    const QString inputs = session_inputs_.empty()
                               ? tr("the model's example inputs")
                               : QString::fromStdString(toString(session_inputs_));
    model_details_->setText(
        session_model_.source == ModelSource::Zoo
            ? tr("This session: %1\nInput %2")
                  .arg(display_text::line(session_model_.displayName()), display_text::line(inputs))
            : tr("This session's model: %1 (%2, not a zoo model)\nInput %3")
                  .arg(display_text::line(session_model_.displayName()),
                       QString::fromLatin1(toString(session_model_.source)),
                       display_text::line(inputs)));
    return;
  }
  if (const ModelRef* file = selectedModelFile()) {
    const QString name = QFileInfo(QString::fromStdString(file->path)).fileName();
    model_details_->setText(
        file->source == ModelSource::PythonEntry
            ? tr("Python entry point %1:%2, built by your code in the Python worker\nInput: the "
                 "example inputs it returns")
                  .arg(display_text::line(name), display_text::line(file->entry))
            : tr("ExportedProgram %1, run in the Python worker\nInput: its stored example inputs")
                  .arg(display_text::line(name)));
    return;
  }
  ModelRef model;
  model.name = modelName().toStdString();
  QString text;
  if (const auto info = findZooModel(model.name)) {
    text = tr("%1\nInput %2")
               .arg(zooDescription(info->description),
                    QString::fromStdString(toString(defaultInputs(model, batch_spin_->value()))));
  }
  model_details_->setText(text);
}

void RunSetupPanel::updateDeviceDetails() {
  const DeviceInfo& d = selectedDevice();
  if (d.kind == DeviceKind::Cpu) {
    device_details_->setText(d.cpu_threads == 1 ? tr("1 LibTorch thread")
                                                : tr("%1 LibTorch threads").arg(d.cpu_threads));
  } else {
    device_details_->setText(
        tr("compute capability %1 · %2 · %3 GiB")
            .arg(QString::fromStdString(d.computeCapability()),
                 QString::fromStdString(d.generation()))
            .arg(static_cast<double>(d.total_memory_bytes) / (1024.0 * units::kBytesPerMiB), 0, 'f',
                 0));
  }
  // Configs this device cannot run stay checkable — the engine records them as unsupported —
  // but they are greyed with the reason, so nobody is surprised by the result.
  for (int i = 0; i < config_list_->count(); ++i) {
    auto* item = config_list_->item(i);
    const QString reason = ConfigCatalog::unsupportedReason(item->text(), d, has_aoti_);
    item->setForeground(reason.isEmpty() ? palette().brush(QPalette::Text)
                                         : palette().brush(QPalette::Disabled, QPalette::Text));
    item->setToolTip(
        reason.isEmpty()
            ? ConfigCatalog::describe(item->text())
            : tr("%1\nNot on this device: %2").arg(ConfigCatalog::describe(item->text()), reason));
  }
}

ProfileRequest RunSetupPanel::request() const {
  ProfileRequest request;
  if (const ModelRef* file = selectedModelFile()) {
    request.model = *file;
    // Trust is decided at each start (MainWindow::startRequest), against the file's bytes then.
    request.model.trusted_sha256.clear();
  } else {
    request.model.name = modelName().toStdString();
  }
  request.batch = batch_spin_->value();
  const DeviceInfo& d = selectedDevice();
  request.device = d.kind;
  request.device_index = d.index;
  request.plan.clear();
  for (const auto& key : checkedKeys())
    request.plan.push_back(OptimizationConfig::parse(key.toStdString()));
  request.run.warmup_iterations = warmup_spin_->value();
  request.run.measure_iterations = iterations_spin_->value();
  request.run.check_accuracy = accuracy_check_->isChecked();
  request.run.adaptive = adaptive_check_->isChecked();
  request.run.max_iterations = request.run.warmup_iterations + request.run.measure_iterations;
  request.run.min_iterations = std::min(100, request.run.max_iterations);
  request.run.trace_kernels = traceKernels();
  request.run.roofline = roofline_check_->isChecked();
  return request;
}

const DeviceInfo& RunSetupPanel::selectedDevice() const {
  const int i = std::max(0, device_combo_->currentIndex());
  return devices_[static_cast<std::size_t>(i)];
}

QString RunSetupPanel::modelName() const {
  return model_combo_->currentText();
}

QStringList RunSetupPanel::checkedKeys() const {
  QStringList keys;
  for (int i = 0; i < config_list_->count(); ++i) {
    if (config_list_->item(i)->checkState() == Qt::Checked) keys << config_list_->item(i)->text();
  }
  return keys;
}

void RunSetupPanel::setCheckedKeys(const QStringList& keys) {
  for (int i = 0; i < config_list_->count(); ++i) {
    auto* item = config_list_->item(i);
    item->setCheckState(keys.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
  }
}

void RunSetupPanel::applyRequest(const ProfileRequest& request) {
  applying_request_ = true;
  // A zoo session at its model's default inputs reads as the zoo model; any other is described.
  const bool known_zoo =
      request.model.source == ModelSource::Zoo && findZooModel(request.model.name).has_value();
  const bool own_inputs = !request.inputs.empty() &&
                          (!known_zoo || toString(request.inputs) !=
                                             toString(defaultInputs(request.model, request.batch)));
  session_described_ = (!known_zoo && !request.model.name.empty()) || own_inputs;
  session_model_ = request.model;
  session_inputs_ = request.inputs;
  if (request.model.source == ModelSource::Zoo)
    setModelName(QString::fromStdString(request.model.name));
  // A session of an entry point or an ExportedProgram whose file is on this machine: Start runs it
  // again (the trust prompt asks first, MainWindow::startRequest). A relative path was the
  // recording command's, whose folder is not known here.
  const QFileInfo model_file(QString::fromStdString(request.model.path));
  if (builtInPython(request.model.source) && model_file.isAbsolute() && model_file.isFile()) {
    ModelRef runnable = request.model;
    runnable.prepared_dir.clear();  // the recording run's, long gone
    runnable.trusted_sha256.clear();
    const bool described = session_described_;
    addModelFile(runnable);
    session_described_ = described;
  }
  batch_spin_->setValue(static_cast<int>(request.batch));
  for (int i = 0; i < static_cast<int>(devices_.size()); ++i) {
    const auto& d = devices_[static_cast<std::size_t>(i)];
    if (d.kind == request.device && d.index == request.device_index)
      device_combo_->setCurrentIndex(i);
  }
  QStringList keys;
  for (const auto& config : request.plan) {
    const QString key = QString::fromStdString(config.key());
    keys << key;
    if (config_list_->findItems(key, Qt::MatchExactly).isEmpty()) addConfigItem(key, true);
  }
  {
    const QSignalBlocker block(plan_combo_);
    plan_combo_->setCurrentIndex(2);  // a session's plan is shown as it was, not re-derived
  }
  setCheckedKeys(keys);
  updateDeviceDetails();  // greys the added keys this device cannot run
  setIterations(request.run.warmup_iterations, request.run.measure_iterations);
  trace_check_->setChecked(request.run.trace_kernels);
  accuracy_check_->setChecked(request.run.check_accuracy);
  adaptive_check_->setChecked(request.run.adaptive);
  roofline_check_->setChecked(request.run.roofline);
  applying_request_ = false;
  updateModelDetails();
}

const ModelRef* RunSetupPanel::selectedModelFile() const {
  const QVariant index = model_combo_->currentData();
  if (!index.isValid()) return nullptr;  // a zoo model
  const auto i = static_cast<std::size_t>(index.toInt());
  return i < model_files_.size() ? &model_files_[i] : nullptr;
}

void RunSetupPanel::addModelFile(const ModelRef& model) {
  int found = -1;
  for (std::size_t i = 0; i < model_files_.size(); ++i) {
    const auto& m = model_files_[i];
    if (m.path == model.path && m.entry == model.entry && m.source == model.source)
      found = static_cast<int>(i);
  }
  if (found < 0) {
    found = static_cast<int>(model_files_.size());
    model_files_.push_back(model);
    if (model_files_.size() == 1) model_combo_->insertSeparator(model_combo_->count());
    // Named by its file ("tiny.py:build", "bert.pt2"): a file's stem may be a zoo model's name.
    const QString file = QFileInfo(QString::fromStdString(model.path)).fileName();
    model_combo_->addItem(
        model.source == ModelSource::PythonEntry
            ? QStringLiteral("%1:%2").arg(file, QString::fromStdString(model.entry))
            : file,
        found);
    model_combo_->setItemData(model_combo_->count() - 1, QString::fromStdString(model.path),
                              Qt::ToolTipRole);
  }
  model_files_[static_cast<std::size_t>(found)] = model;
  // torch.compile runs in the worker, for a model Python builds: its configs join the plan list
  // (unchecked), as inferscope-cli profile -c tc takes them.
  applying_preset_ = true;  // offered, not chosen: the plan stays what it was
  for (const char* key : {"tc", "bf16+tc", "tc-ro"}) {
    if (config_list_->findItems(QLatin1String(key), Qt::MatchExactly).isEmpty())
      addConfigItem(QLatin1String(key), false);
  }
  applying_preset_ = false;
  updateDeviceDetails();  // the added keys' tooltips
  model_combo_->setCurrentIndex(model_combo_->findData(found));
  session_described_ = false;  // the model for the next run, whatever session is open
  updateBatchEnabled();
  updateModelDetails();
}

void RunSetupPanel::updateBatchEnabled() {
  // A model file's batch is its example inputs' (the worker reports it); the spin box would only
  // pretend to set it.
  batch_spin_->setEnabled(!running_ && !modelFileSelected());
  batch_spin_->setToolTip(modelFileSelected()
                              ? tr("The batch of a model file is its example inputs' batch")
                              : QString());
}

void RunSetupPanel::setModelName(const QString& name) {
  const int i = model_combo_->findText(name);
  if (i >= 0) model_combo_->setCurrentIndex(i);
}

void RunSetupPanel::setBatch(int batch) {
  batch_spin_->setValue(batch);
}

void RunSetupPanel::setIterations(int warmup, int measured) {
  warmup_spin_->setValue(warmup);
  iterations_spin_->setValue(measured);
}

void RunSetupPanel::setRunning(bool running) {
  running_ = running;
  for (auto* w : std::initializer_list<QWidget*>{
           model_combo_, model_file_button_, device_combo_, config_list_, plan_combo_, trace_check_,
           warmup_spin_, iterations_spin_, accuracy_check_, roofline_check_}) {
    w->setEnabled(!running);
  }
  updateBatchEnabled();
}

QVariantMap RunSetupPanel::settingsValues() const {
  const QString group = QStringLiteral("setup/");
  return {
      {group + QStringLiteral("model"), modelName()},
      {group + QStringLiteral("batch"), batch_spin_->value()},
      {group + QStringLiteral("device"), QString::fromStdString(selectedDevice().deviceString())},
      {group + QStringLiteral("configs"), checkedKeys()},
      {group + QStringLiteral("warmup"), warmup_spin_->value()},
      {group + QStringLiteral("iterations"), iterations_spin_->value()},
      {group + QStringLiteral("checkAccuracy"), accuracy_check_->isChecked()},
      {group + QStringLiteral("plan"), planPreset()},
      {group + QStringLiteral("traceKernels"), trace_check_->isChecked()},
      {group + QStringLiteral("roofline"), roofline_check_->isChecked()}};
}

void RunSetupPanel::restoreSettings(const QSettings& settings) {
  const auto value = [&](const char* key) {
    return settings.value(QStringLiteral("setup/") + QLatin1String(key));
  };
  if (value("model").isValid()) setModelName(value("model").toString());
  if (value("batch").isValid()) batch_spin_->setValue(value("batch").toInt());
  // A device that is gone (the session moved to a laptop) leaves the default selection.
  const int device = device_combo_->findData(value("device").toString());
  if (device >= 0) device_combo_->setCurrentIndex(device);
  if (value("configs").isValid() && !value("configs").toStringList().isEmpty())
    setCheckedKeys(value("configs").toStringList());
  if (value("warmup").isValid()) warmup_spin_->setValue(value("warmup").toInt());
  if (value("iterations").isValid()) iterations_spin_->setValue(value("iterations").toInt());
  if (value("checkAccuracy").isValid())
    accuracy_check_->setChecked(value("checkAccuracy").toBool());
  if (value("traceKernels").isValid()) trace_check_->setChecked(value("traceKernels").toBool());
  if (value("roofline").isValid()) roofline_check_->setChecked(value("roofline").toBool());
  if (value("plan").isValid()) setPlanPreset(value("plan").toString());
}

}  // namespace inferscope::gui

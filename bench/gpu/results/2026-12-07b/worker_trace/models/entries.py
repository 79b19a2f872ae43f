import torch


class Cnn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(
            torch.nn.Conv2d(3, 32, 3, padding=1), torch.nn.BatchNorm2d(32), torch.nn.ReLU(),
            torch.nn.Conv2d(32, 64, 3, stride=2, padding=1), torch.nn.BatchNorm2d(64), torch.nn.ReLU(),
            torch.nn.Conv2d(64, 128, 3, stride=2, padding=1), torch.nn.BatchNorm2d(128), torch.nn.ReLU())
        self.head = torch.nn.Linear(128, 100)

    def forward(self, x):
        return self.head(self.body(x).mean(dim=(2, 3)))


def cnn():
    torch.manual_seed(0)
    return Cnn().eval(), (torch.randn(32, 3, 64, 64),)

# ufmi with Jupyter Notebook and the Go kernel (GoNB), ready to open the notebooks.
#
#   docker build -t ufmi .
#   docker run --rm -p 8888:8888 -e JUPYTER_TOKEN=choose-one ufmi
#
# then open http://127.0.0.1:8888/?token=choose-one (without JUPYTER_TOKEN, Jupyter prints a
# random token in its log). Inside, `make notebooks` and `make test` work as on a host.
# Checked without a Docker engine by scripts/test_dockerfile.sh (part of `make test`).
FROM golang:1.26.8-bookworm

# Jupyter from Debian: the same packages scripts/setup.sh installs on a host.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
      jupyter-notebook jupyter-nbconvert python3-nbclient python3-ipykernel \
 && rm -rf /var/lib/apt/lists/*

# A plain user owns the checkout, the Go caches and the kernel spec (Jupyter refuses root).
RUN useradd --create-home --uid 1000 --shell /bin/bash ufmi \
 && install -d -o ufmi -g ufmi /home/ufmi/ufmi
USER ufmi
WORKDIR /home/ufmi/ufmi
ENV GOPATH=/home/ufmi/go \
    GOTOOLCHAIN=local \
    GOFLAGS=-modcacherw

# Modules first, so editing the sources does not download them again.
COPY --chown=ufmi:ufmi go.mod go.sum ./
RUN go mod download

COPY --chown=ufmi:ufmi . .
# gonb and goimports at go.mod's versions, the kernel spec, a warm build cache; then the library.
RUN scripts/setup.sh && go build ./...

ENV JUPYTER_IP=0.0.0.0 \
    JUPYTER_PORT=8888
EXPOSE 8888
CMD ["scripts/jupyter.sh"]
